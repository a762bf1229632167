//! Allocations made on the Rust side for a script are bounded before they are made: a script
//! cannot make a host function join, copy or format megabytes (a failed allocation there
//! aborts the process, the Python interpreter with it). A counting allocator measures the peak
//! of each test; the tests run one at a time so that they do not measure each other.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use common::guarded;
use darbar::engine::GameRng;
use darbar::vijayanagara::{EventRun, EventSide, Options, Player, State, Vijayanagara};
use darbar_lua::{CardHost, Host, LOG_TRUNCATED, MAX_MESSAGE_BYTES, ScriptError};

struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call forwards to the system allocator; the counters are only statistics.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = CURRENT.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() {
            let grown = new_size - layout.size();
            let now = CURRENT.fetch_add(grown, Ordering::Relaxed) + grown;
            PEAK.fetch_max(now, Ordering::Relaxed);
        } else {
            CURRENT.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// What `f` allocated at its peak beyond what was allocated before, in MiB.
fn peak_mib<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> (T, usize) {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let before = CURRENT.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let value = guarded(what, f);
    let peak = PEAK.load(Ordering::Relaxed).saturating_sub(before);
    (value, peak / (1024 * 1024))
}

/// The Lua state itself may use its 16 MiB allowance (and the host's own few MiB); a Rust-side
/// copy of the script's megabytes would come on top.
const BOUND_MIB: usize = 48;

#[test]
fn rule_print_measures_a_line_before_it_joins_it() {
    // 64 arguments of 7 MiB: a 448 MiB line if joined first.
    let ((value, log), peak) = peak_mib("print", || {
        let mut host = Host::new();
        let run = host
            .run(
                &Vijayanagara::without_events(Options::default()),
                &State::new(1),
                &mut GameRng::from_seed_u64(1),
                "local s = ('x'):rep(7 * 2^20) print(table.unpack(setmetatable({}, \
                 {__index = function() return s end}), 1, 64)) return 1",
                "print",
            )
            .unwrap();
        (run.value, run.log)
    });
    assert_eq!(value.to_string(), "1");
    assert_eq!(log, [LOG_TRUNCATED]);
    assert!(peak < BOUND_MIB, "{peak} MiB");
}

fn card_with(body: &str) -> String {
    format!(
        "return {{ number = 3, title = 'T', order = 'DBV', stay_eligible = true, \
         text = {{ unshaded = 'u', shaded = 's' }}, \
         unshaded = function(ctx) {body} end, shaded = function(ctx) end }}"
    )
}

fn run_card(body: &str) -> Result<darbar_lua::CardRun, darbar::vijayanagara::EventFailure> {
    let host = CardHost::from_sources(&[("03.lua", card_with(body))]).unwrap();
    let run = EventRun {
        card: 3,
        side: EventSide::Unshaded,
        executor: Player::Sultanate,
        choices: vec![],
    };
    host.run_logged(&mut State::new(1), &run)
}

#[test]
fn rule_ctx_log_measures_a_line_before_it_joins_it() {
    let (result, peak) = peak_mib("ctx:log", || {
        run_card(
            "local s = ('x'):rep(7 * 2^20) \
             ctx:log(s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s)",
        )
    });
    assert_eq!(result.unwrap().log, [LOG_TRUNCATED]);
    assert!(peak < BOUND_MIB, "{peak} MiB");
}

#[test]
fn rule_a_choice_takes_labels_of_bounded_size() {
    // The audit's case: 255 labels of 5 MiB each (one string, referenced 255 times).
    let (result, peak) = peak_mib("choose_option", || {
        run_card(
            "local s = ('x'):rep(5 * 2^20) local options = {} \
             for i = 1, 255 do options[i] = s end \
             ctx:choose_option{ options = options }",
        )
    });
    let failure = result.unwrap_err();
    assert!(
        failure.message.contains("at most 1024"),
        "{}",
        failure.message
    );
    assert!(peak < BOUND_MIB, "{peak} MiB");
    // Short labels, but so many that the question listing them would be huge.
    let failure = run_card(
        "local options = {} for i = 1, 255 do options[i] = ('y'):rep(1000) end \
         ctx:choose_option{ options = options }",
    )
    .unwrap_err();
    assert!(
        failure.message.contains("MAX_PROMPT_BYTES"),
        "{}",
        failure.message
    );
    // A list longer than any choice is refused before it is read.
    let failure = run_card(
        "local among = {} for i = 1, 1e5 do among[i] = 'Delhi' end ctx:choose_space{ among = among }",
    )
    .unwrap_err();
    assert!(
        failure.message.contains("MAX_LIST_ITEMS"),
        "{}",
        failure.message
    );
}

#[test]
fn rule_error_messages_are_capped() {
    let (result, peak) = peak_mib("error", || {
        let mut host = Host::new();
        common::eval(&mut host, "error(('x'):rep(7 * 2^20))")
    });
    let ScriptError::Runtime { message, .. } = result.unwrap_err() else {
        panic!("not a runtime error")
    };
    assert!(
        message.len() < MAX_MESSAGE_BYTES + 100,
        "{} bytes",
        message.len()
    );
    assert!(
        message.ends_with("bytes in all)"),
        "{}",
        &message[message.len() - 40..]
    );
    assert!(peak < BOUND_MIB, "{peak} MiB");
}

#[test]
fn rule_names_are_refused_before_they_are_copied() {
    let (result, peak) = peak_mib("game:pieces", || {
        let mut host = Host::new();
        common::eval(&mut host, "return game:pieces(('x'):rep(7 * 2^20))")
    });
    let message = result.unwrap_err().to_string();
    assert!(message.len() < 1024, "{} bytes", message.len());
    assert!(message.contains("at most 1024"), "{message}");
    assert!(peak < BOUND_MIB, "{peak} MiB");
    // An unknown option's name is shown shortened.
    let failure = run_card("ctx:choose_space{ [('z'):rep(2^20)] = 1 }").unwrap_err();
    assert!(
        failure.message.len() < 1024,
        "{} bytes",
        failure.message.len()
    );
}
