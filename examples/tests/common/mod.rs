//! What the command-line tests share: running the `darbar` program, with or without answers
//! on standard input, and reading what it printed.

#![allow(dead_code)] // each test binary uses its own part of this module

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// A fresh directory for one test, removed when dropped: where `quit` saves.
pub struct Scratch(pub PathBuf);

impl Scratch {
    /// A directory named after the test binary, the process and `name`.
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "darbar-{}-{}-{name}",
            env!("CARGO_CRATE_NAME"),
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// Runs `darbar` here with `args`, feeding `answers` on standard input.
    pub fn darbar(&self, args: &[&str], answers: &str) -> Output {
        use std::io::Write as _;
        let mut child = Command::new(env!("CARGO_BIN_EXE_darbar"))
            .args(args)
            .current_dir(&self.0)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The game may end before every answer is read; a closed pipe then is expected.
        let _ = child.stdin.take().unwrap().write_all(answers.as_bytes());
        child.wait_with_output().unwrap()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `darbar` with `args` and no input.
pub fn darbar(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_darbar"))
        .args(args)
        .output()
        .expect("the darbar binary runs")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}
