//! A shell command as an awaited child process: stdin closed (the agent's stdin is the
//! protocol), output bounded, time bounded, and its whole process group killed when the
//! call is dropped before it ends (a cancelled turn, a client gone, a timeout).

use std::io;
use std::path::Path;
use std::process::Stdio;

use futures::future::{self, Either};
use futures::io::{AsyncRead, AsyncReadExt};

use crate::limits::Limits;
use crate::turn::timed_out;

/// Runs `command` with `sh -c` in `cwd`; its output (stdout, then stderr), at most
/// `max_output_bytes` of it. A command that fails gives an error with its status.
pub async fn run(command: &str, cwd: &Path, limits: &Limits) -> io::Result<String> {
    let mut std_command = std::process::Command::new("sh");
    std_command.arg("-c").arg(command).current_dir(cwd);
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut std_command, 0);
    // The standard streams are set after the conversion, which forgets them (an inherited
    // stdout would write into the protocol stream).
    let mut child = async_process::Command::from(std_command)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()?;
    let group = KillGroupOnDrop(Some(child.id()));
    let (stdout, stderr) = (child.stdout.take(), child.stderr.take());
    let max = limits.max_output_bytes;
    let finished = async {
        let (stdout, stderr, status) =
            future::join3(bounded(stdout, max), bounded(stderr, max), child.status()).await;
        Ok::<_, io::Error>((stdout?, stderr?, status?))
    };
    let timeout = async_io::Timer::after(limits.call_timeout);
    let (stdout, stderr, status) = match future::select(std::pin::pin!(finished), timeout).await {
        Either::Left((finished, _)) => finished?,
        Either::Right(_) => return Err(timed_out(limits.call_timeout)),
    };
    group.disarm();

    let written = stdout.1 + stderr.1;
    let mut kept = stdout.0;
    kept.extend_from_slice(&stderr.0);
    kept.truncate(max);
    let mut text = String::from_utf8_lossy(&kept).into_owned();
    if written > kept.len() as u64 {
        text.push_str(&format!(
            "\n[output cut at {max} bytes; the command wrote {written} bytes]"
        ));
    }
    if status.success() {
        Ok(text)
    } else {
        Err(io::Error::other(format!("{status}\n{text}")))
    }
}

/// Reads `stream` to its end, keeping at most `max` bytes; the bytes kept and the count read.
async fn bounded(stream: Option<impl AsyncRead + Unpin>, max: usize) -> io::Result<(Vec<u8>, u64)> {
    let (mut kept, mut read) = (Vec::new(), 0u64);
    let Some(mut stream) = stream else {
        return Ok((kept, read));
    };
    let mut buffer = [0u8; 8192];
    loop {
        let count = stream.read(&mut buffer).await?;
        if count == 0 {
            return Ok((kept, read));
        }
        read += count as u64;
        let room = max.saturating_sub(kept.len());
        kept.extend_from_slice(&buffer[..count.min(room)]);
    }
}

/// Kills the command's process group unless disarmed: dropping a running call (the turn
/// stopped, the client gone, a timeout) kills `sh` and everything it started, not just `sh`.
struct KillGroupOnDrop(Option<u32>);

impl KillGroupOnDrop {
    /// The command ended on its own: leave its group alone.
    fn disarm(mut self) {
        self.0 = None;
    }
}

impl Drop for KillGroupOnDrop {
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Some(pid) = self
            .0
            .and_then(|pid| i32::try_from(pid).ok())
            .and_then(rustix::process::Pid::from_raw)
        {
            // The group may be gone already; nothing to do then.
            let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
        }
    }
}
