//! Turning a problem found after parsing into a `file:line:col` error, by finding the text
//! it is about in the file.

use squadsight_core::data::DataError;

/// Looks up text in one data file to give validation errors their line and column.
pub(crate) struct Locator<'t> {
    text: &'t str,
    origin: &'t str,
}

impl<'t> Locator<'t> {
    pub(crate) fn new(text: &'t str, origin: &'t str) -> Locator<'t> {
        Locator { text, origin }
    }

    /// An error at the first occurrence of `needle` (or without a position if it is absent).
    pub(crate) fn at(&self, needle: &str, message: String) -> DataError {
        match self.text.find(needle) {
            Some(offset) => self.at_offset(offset, message),
            None => DataError::general(self.origin, message),
        }
    }

    /// An error at a byte offset into the file.
    pub(crate) fn at_offset(&self, offset: usize, message: String) -> DataError {
        DataError::at_offset(self.origin, self.text, Some(offset), message)
    }

    /// The byte offset of the first `"quoted"` string equal to `s` at or after `from`, for
    /// walking through a file's strings in document order.
    pub(crate) fn find_string(&self, s: &str, from: usize) -> Option<usize> {
        let quoted = format!("\"{s}\"");
        self.text
            .get(from..)
            .and_then(|rest| rest.find(&quoted))
            .map(|i| from + i)
    }
}
