//! Helpers shared by the integration tests.

#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use darbar::engine::GameRng;
use darbar::vijayanagara::{Options, State, Vijayanagara};
use darbar_lua::{Host, STANDARD_DECK, ScriptError, ScriptValue};

/// Evaluates `source` against the starting position of seed 1, checking that the state is
/// untouched afterwards.
pub fn eval(host: &mut Host, source: &str) -> Result<ScriptValue, ScriptError> {
    let state = State::new(1);
    let before = state.clone();
    let mut rng = GameRng::from_seed_u64(1);
    let result = host.evaluate(
        &Vijayanagara::without_events(Options::default()),
        &state,
        &mut rng,
        source,
        "test",
    );
    assert_eq!(state, before, "a script changed the state");
    result
}

/// Evaluates `source` in a new host.
pub fn eval_once(source: &str) -> Result<ScriptValue, ScriptError> {
    eval(&mut Host::new(), source)
}

/// Evaluates `source` in a new host and expects success.
pub fn value(source: &str) -> ScriptValue {
    eval_once(source).unwrap_or_else(|e| panic!("script failed: {e}\n{source}"))
}

/// Asserts that the host still evaluates an ordinary script correctly.
pub fn assert_host_works(host: &mut Host) {
    let value = eval(
        host,
        "local t = {} for i = 1, 100 do t[i] = i * i end return t[10] + game:resources('DS')",
    );
    assert_eq!(value, Ok(ScriptValue::Integer(112)));
}

/// Runs `f` on a thread of its own and returns its result, failing the test if it has not
/// returned within 10 seconds (so a regression that lets a script run forever fails the test
/// instead of hanging it; the runaway thread ends with the test process).
pub fn guarded<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    use std::sync::mpsc::{RecvTimeoutError, channel};
    use std::time::Duration;
    let (sender, receiver) = channel();
    std::thread::spawn(move || {
        let _ = sender.send(f());
    });
    match receiver.recv_timeout(Duration::from_secs(10)) {
        Ok(value) => value,
        Err(RecvTimeoutError::Timeout) => panic!("{what}: did not return within 10 s"),
        Err(RecvTimeoutError::Disconnected) => panic!("{what}: panicked"),
    }
}

/// Evaluates `source` in a new host on a guarded thread; also checks that the host still
/// works afterwards.
pub fn eval_guarded(source: &str) -> Result<ScriptValue, ScriptError> {
    let owned = source.to_owned();
    guarded(source, move || {
        let mut host = Host::new();
        let result = eval(&mut host, &owned);
        assert_host_works(&mut host);
        result
    })
}

/// A copy of the default deck in a fresh directory named `name` (the deck's name), removed
/// when dropped.
pub struct TempDeck(PathBuf);

impl TempDeck {
    pub fn new(name: &str) -> TempDeck {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir()
            .join(format!(
                "darbar-lua-deck-{}-{}",
                std::process::id(),
                NEXT.fetch_add(1, Ordering::Relaxed)
            ))
            .join(name);
        fs::create_dir_all(&dir).unwrap();
        for (file, source) in STANDARD_DECK {
            fs::write(dir.join(file), source).unwrap();
        }
        TempDeck(dir)
    }

    /// Replaces the first `from` in `file` with `to`.
    pub fn edit(&self, file: &str, from: &str, to: &str) {
        let path = self.0.join(file);
        let source = fs::read_to_string(&path).unwrap();
        assert!(source.contains(from), "{file} has no {from:?}");
        fs::write(path, source.replacen(from, to, 1)).unwrap();
    }

    /// Writes `source` as `file`.
    pub fn write(&self, file: &str, source: &str) {
        fs::write(self.0.join(file), source).unwrap();
    }

    pub fn dir(&self) -> &Path {
        &self.0
    }

    pub fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempDeck {
    fn drop(&mut self) {
        if let Some(parent) = self.0.parent() {
            let _ = fs::remove_dir_all(parent);
        }
    }
}
