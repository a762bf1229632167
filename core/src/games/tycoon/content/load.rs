//! Reading and checking the content files (TC-19).

use thiserror::Error;

/// Why content could not be loaded: the file, the item and the field at fault.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ContentError {
    /// A file could not be read.
    #[error("{file}: {reason}")]
    Io {
        /// The file.
        file: String,
        /// What went wrong.
        reason: String,
    },
}
