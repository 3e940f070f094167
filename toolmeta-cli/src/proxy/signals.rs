//! Signals: SIGINT and SIGTERM passed on to the agent, the agent ended after the grace
//! period, and the signal that ended it read from its status. Unix only: elsewhere the
//! proxy passes nothing on and leaves the agent to end when its input closes.
//!
//! The signals are blocked in every thread and taken by one thread with `sigwait`, so no
//! code runs in a signal handler; a child process starts with no signal blocked (the
//! standard library resets the mask when it spawns one).

#[cfg(unix)]
mod unix {
    use std::os::unix::process::ExitStatusExt;
    use std::process::ExitStatus;

    use nix::sys::signal::{SigSet, Signal, kill};
    use nix::unistd::Pid;

    /// The signals passed on.
    pub(crate) struct Forwarded(SigSet);

    /// Blocks SIGINT and SIGTERM in the calling thread (and the threads it starts later).
    pub(crate) fn block() -> Option<Forwarded> {
        let mut set = SigSet::empty();
        set.add(Signal::SIGINT);
        set.add(Signal::SIGTERM);
        set.thread_block().ok().map(|()| Forwarded(set))
    }

    /// Passes every blocked signal on to process `pid`, from a thread of its own.
    pub(crate) fn forward(Forwarded(set): Forwarded, pid: u32) {
        let Some(pid) = pid_of(pid) else {
            return;
        };
        std::thread::spawn(move || {
            while let Ok(signal) = set.wait() {
                // The agent may have exited already: nothing to pass on to.
                let _ = kill(pid, signal);
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
pub(crate) use unix::{block, forward, signal_of, terminate};

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

    pub(crate) fn block() -> Option<Forwarded> {
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
pub(crate) use other::{block, forward, kill, signal_of, terminate};
