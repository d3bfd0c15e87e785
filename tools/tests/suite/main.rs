//! The tools' integration tests, one module a tool or concern, in one test binary: each
//! binary of its own linked the tools library and its dependencies again, which cost more than
//! most of them take to run. The modules share one process, so each names its scratch folders
//! with its own prefix and none changes the process's environment or current directory.

mod analyzer;
mod bundler;
mod compare;
mod describe;
mod hardening;
mod interactive;
mod msrv_scan;
mod new;
mod readme;
mod runner;
