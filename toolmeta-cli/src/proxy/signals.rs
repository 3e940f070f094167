//! Signals: SIGINT and SIGTERM passed on to the agent, the agent ended after the grace
//! period, and the signal that ended it read from its status. Unix only: elsewhere the
//! proxy passes nothing on and leaves the agent to end when its input closes.
//!
//! The proxy takes the signals with handlers (signal-hook's, which only note the signal
//! for a thread of the proxy's to read), not by blocking them: a child inherits a blocked
//! signal mask, but a handler is reset to the default action when the agent's program
//! starts, so the agent receives the signals as if the proxy were not there.

#[cfg(unix)]
mod unix {
    use std::os::unix::process::ExitStatusExt;
    use std::process::ExitStatus;

    use nix::sys::signal::{Signal, kill};
    use nix::unistd::Pid;
    use signal_hook::consts::{SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;

    /// The signals the proxy takes, to pass on.
    pub(crate) struct Forwarded(Signals);

    /// Takes SIGINT and SIGTERM from now on (they no longer end the proxy).
    pub(crate) fn take() -> Option<Forwarded> {
        Signals::new([SIGINT, SIGTERM]).ok().map(Forwarded)
    }

    /// Passes every signal taken on to process `pid`, from a thread of its own.
    pub(crate) fn forward(Forwarded(mut signals): Forwarded, pid: u32) {
        let Some(pid) = pid_of(pid) else {
            return;
        };
        std::thread::spawn(move || {
            for signal in signals.forever() {
                if let Ok(signal) = Signal::try_from(signal) {
                    // The agent may have exited already: nothing to pass on to.
                    let _ = kill(pid, signal);
                }
            }
        });
    }

    /// Asks process `pid` to end (SIGTERM).
    pub(crate) fn terminate(pid: u32) {
        if let Some(pid) = pid_of(pid) {
            let _ = kill(pid, Signal::SIGTERM);
        }
    }

    /// Ends process `pid` (SIGKILL).
    pub(crate) fn kill_now(pid: u32) {
        if let Some(pid) = pid_of(pid) {
            let _ = kill(pid, Signal::SIGKILL);
        }
    }

    /// The number of the signal that ended a process, if one did.
    pub(crate) fn signal_of(status: ExitStatus) -> Option<u8> {
        status.signal().and_then(|signal| u8::try_from(signal).ok())
    }

    fn pid_of(pid: u32) -> Option<Pid> {
        i32::try_from(pid).ok().map(Pid::from_raw)
    }
}

#[cfg(unix)]
pub(crate) use unix::{forward, signal_of, take, terminate};

/// Ends process `pid` at once.
#[cfg(unix)]
pub(crate) fn kill(pid: u32) {
    unix::kill_now(pid);
}

#[cfg(not(unix))]
mod other {
    use std::process::ExitStatus;

    /// Nothing is passed on.
    pub(crate) enum Forwarded {}

    pub(crate) fn take() -> Option<Forwarded> {
        None
    }

    pub(crate) fn forward(forwarded: Forwarded, _pid: u32) {
        match forwarded {}
    }

    pub(crate) fn terminate(_pid: u32) {}

    pub(crate) fn kill(_pid: u32) {}

    pub(crate) fn signal_of(_status: ExitStatus) -> Option<u8> {
        None
    }
}

#[cfg(not(unix))]
pub(crate) use other::{forward, kill, signal_of, take, terminate};
