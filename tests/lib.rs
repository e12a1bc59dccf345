//! End-to-end tests of the workspace live beside this file; the library is empty.
