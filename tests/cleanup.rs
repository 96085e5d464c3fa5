//! The clean-up registry of `gridjudge::exec::sandbox` once a clean-up has begun (as a signal starts
//! it): nothing new is made. In a test binary of its own, because the clean-up is for the whole
//! process and lasts until it exits.

use gridjudge::exec::cleanup::{cleanup_everything, TrackedDir};

/// A temporary folder asked for after the clean-up began is refused, not made and removed
/// again: made, it could be left behind by the exit that follows the clean-up.
#[test]
fn after_the_clean_up_no_temporary_folder_is_made() {
    let parent = tempfile::tempdir().unwrap();
    let before = TrackedDir::new_in("gridjudge-test-", Some(parent.path())).unwrap();
    let made = before.path().to_path_buf();
    assert!(made.is_dir());
    cleanup_everything();
    // The clean-up removed the recorded folder...
    assert!(!made.exists());
    // ...and a new one is refused, naming why, with nothing made.
    let Err(err) = TrackedDir::new_in("gridjudge-test-", Some(parent.path())) else {
        panic!("a folder was made after the clean-up began");
    };
    assert!(err.to_string().contains("gridjudge is stopping"), "{err}");
    assert_eq!(std::fs::read_dir(parent.path()).unwrap().count(), 0);
}
