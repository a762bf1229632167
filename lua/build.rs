//! Embeds every card file of `cards/vijayanagara/` in the crate as `STANDARD_DECK`, in file
//! name order, so adding a card file is all it takes to ship it.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
    let dir = Path::new(&env::var("CARGO_MANIFEST_DIR").expect("set by cargo"))
        .join("cards")
        .join("vijayanagara");
    println!("cargo::rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = fs::read_dir(&dir)
        .expect("the card directory exists")
        .map(|entry| {
            entry
                .expect("readable")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".lua"))
        .collect();
    names.sort();
    let mut code = String::from("&[\n");
    for name in &names {
        println!("cargo::rerun-if-changed={}", dir.join(name).display());
        let _ = writeln!(
            code,
            "    ({name:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/cards/vijayanagara/{name}\"))),"
        );
    }
    code.push(']');
    let out = Path::new(&env::var("OUT_DIR").expect("set by cargo")).join("standard_deck.rs");
    fs::write(out, code).expect("OUT_DIR is writable");
}
