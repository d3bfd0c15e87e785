//! `scaffold`'s unit tests.

use super::*;

#[test]
fn titles_are_escaped_for_rustdoc() {
    assert_eq!(doc_text("M&M Game"), "M\\&M Game");
    assert_eq!(
        doc_text("[x] <b> `c` *d* a_b \\ | ~"),
        "\\[x\\] \\<b\\> \\`c\\` \\*d\\* a\\_b \\\\ \\| \\~"
    );
    assert_eq!(doc_text("Nim (easy) - 2"), "Nim (easy) - 2");
    assert_eq!(doc_text("{{TITLE}}"), "\\{\\{TITLE\\}\\}");
}

#[test]
fn a_failed_step_removes_what_was_written() {
    let dir = std::env::temp_dir().join(format!("scaffold-undo-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir(&dir).unwrap();
    let mut written = Written::default();
    written.dir(&dir.join("cases")).unwrap();
    written.file(&dir.join("cases/a"), "1").unwrap();
    // A file that exists is not overwritten, and the failure keeps what was there.
    fs::write(dir.join("kept"), "mine").unwrap();
    assert!(written.file(&dir.join("kept"), "theirs").is_err());
    drop(written);
    assert_eq!(fs::read_to_string(dir.join("kept")).unwrap(), "mine");
    assert!(!dir.join("cases").exists());
    let mut written = Written::default();
    written.file(&dir.join("b"), "2").unwrap();
    written.commit();
    assert_eq!(fs::read_to_string(dir.join("b")).unwrap(), "2");
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn links_are_not_followed() {
    let dir = std::env::temp_dir().join(format!("scaffold-link-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir(&dir).unwrap();
    std::os::unix::fs::symlink(dir.join("outside"), dir.join("dangling")).unwrap();
    let mut written = Written::default();
    assert!(written.file(&dir.join("dangling"), "x").is_err());
    assert!(written.dir(&dir.join("dangling")).is_err());
    assert!(!dir.join("outside").exists());
    fs::create_dir(dir.join("real")).unwrap();
    std::os::unix::fs::symlink(dir.join("real"), dir.join("linked")).unwrap();
    assert!(real_dir(&dir, "real").is_ok());
    assert!(real_dir(&dir, "linked").is_err());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn rustfmt_formats_or_says_why_not() {
    let root = crate::workspace::default_root();
    assert_eq!(
        formatted(&root, "fn main(){let x=1;}").unwrap(),
        "fn main() {\n    let x = 1;\n}\n"
    );
    assert!(formatted(&root, "fn main(){")
        .unwrap_err()
        .contains("rustfmt failed"));
}
