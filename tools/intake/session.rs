//! `new --listen`'s session: the problems Competitive Companion POSTs to the [`Listener`],
//! created one at a time in the order they were read in full, until one problem is created
//! (a NAME was given, or the POST is not part of a batch) or every problem of the first
//! created problem's batch is answered, created or refused; then every request still queued
//! or arriving is answered 503 with the reason.
//!
//! The caller creates a problem and prints what it did ([`listen`]'s two closures); the
//! session parses each POST, answers it (200, or 400/409/500 with the refusal) and keeps
//! count of the batch.

use crate::companion::{self, Batch, Task};
use crate::listener::{Exchange, Listener, RequestLimits, Status};
use crate::scaffold::CreateError;
use std::collections::HashMap;

/// Competitive Companion's default ports include this one.
pub const COMPANION_PORT: u16 = 10043;

/// What creating a problem did: the notice the caller prints.
#[derive(Clone, Debug)]
pub struct Notice {
    /// The problem's name.
    pub name: String,
    /// What was created and what to do next.
    pub text: String,
    /// Warnings to print on standard error.
    pub warnings: Vec<String>,
}

/// Serves 127.0.0.1:`port` as the module doc says: `create` makes the problem of a POST,
/// `print` shows its report (an error there ends the session). `one_problem` stops after the
/// first problem created (NAME given).
///
/// ```no_run
/// use intake::session::{listen, Notice};
/// listen(10043, true, |task| Ok(Notice { name: "p".into(), text: task.url.to_string(), warnings: vec![] }),
///     |report| { print!("{}", report.text); Ok(()) }).unwrap();
/// ```
pub fn listen(
    port: u16,
    one_problem: bool,
    mut create: impl FnMut(&Task) -> Result<Notice, CreateError>,
    mut print: impl FnMut(&Notice) -> Result<(), String>,
) -> Result<(), String> {
    let listener = Listener::bind(port, RequestLimits::default())
        .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
    let bound = listener.local_addr().map_err(|e| e.to_string())?;
    eprintln!(
        "listening on {bound} for Competitive Companion (its port {COMPANION_PORT} is the default); Ctrl-C stops"
    );
    let mut progress = Progress::default();
    loop {
        let exchange = match listener.next() {
            Ok(exchange) => exchange,
            Err(refused) => {
                eprintln!(
                    "refused a request ({}): {}",
                    refused.status.code(),
                    refused.reason
                );
                continue;
            }
        };
        let member = progress.answer(exchange, &mut create, &mut print)?;
        let left = match progress.left(one_problem) {
            None => continue,
            Some(left) => left,
        };
        if left == 0 {
            break;
        }
        if progress.in_first_batch(member.as_ref()) {
            eprintln!("waiting for the batch's {left} other problem(s); Ctrl-C stops");
        }
    }
    let reason = format!(
        "new --listen has stopped after creating {}; start it again to create this problem",
        progress.created.join(", ")
    );
    let turned_away = listener.close(&reason);
    if turned_away > 0 {
        eprintln!("answered {turned_away} more request(s) 503: {reason}");
    }
    Ok(())
}

/// The session so far.
#[derive(Default)]
struct Progress {
    /// How many problems of each batch were answered (created or refused): Companion sends a
    /// contest as one POST per problem, and a refused one is not sent again in that batch.
    answered: HashMap<String, u64>,
    /// Set by the first problem created: its batch's id and size, or `None` without a batch.
    first_batch: Option<Option<(String, u64)>>,
    /// The files created, as `problems/NAME.rs`.
    created: Vec<String>,
}

impl Progress {
    /// Creates the problem `exchange` carries and answers it; returns its batch, if any.
    fn answer(
        &mut self,
        exchange: Exchange,
        create: &mut impl FnMut(&Task) -> Result<Notice, CreateError>,
        print: &mut impl FnMut(&Notice) -> Result<(), String>,
    ) -> Result<Option<Batch>, String> {
        let task = std::str::from_utf8(exchange.body())
            .map_err(|_| CreateError::Invalid("the body is not UTF-8".to_string()))
            .and_then(|text| companion::parse(text).map_err(CreateError::Invalid));
        let outcome = task.clone().and_then(|task| create(&task));
        let member = task.ok().and_then(|task| task.batch);
        if let Some(member) = &member {
            *self.answered.entry(member.id.clone()).or_default() += 1;
        }
        match outcome {
            Ok(report) => {
                exchange.answer(Status::Ok, &format!("created problems/{}.rs", report.name));
                print(&report)?;
                self.created.push(format!("problems/{}.rs", report.name));
                if self.first_batch.is_none() {
                    self.first_batch = Some(member.as_ref().map(|b| (b.id.clone(), b.size)));
                }
            }
            Err(refusal) => {
                let status = match refusal {
                    CreateError::Invalid(_) => Status::BadRequest,
                    CreateError::Taken(_) => Status::Conflict,
                    CreateError::Failed(_) => Status::InternalError,
                };
                eprintln!("refused a problem ({}): {}", status.code(), refusal);
                exchange.answer(status, &refusal.to_string());
            }
        }
        Ok(member)
    }

    /// How many problems are left to wait for (0: stop), or `None` before the first problem
    /// is created.
    fn left(&self, one_problem: bool) -> Option<u64> {
        match &self.first_batch {
            _ if one_problem && !self.created.is_empty() => Some(0),
            None => None,
            Some(None) => Some(0),
            Some(Some((id, size))) => {
                Some(size.saturating_sub(self.answered.get(id).copied().unwrap_or(0)))
            }
        }
    }

    /// Whether `member` is of the first created problem's batch.
    fn in_first_batch(&self, member: Option<&Batch>) -> bool {
        match (member, &self.first_batch) {
            (Some(member), Some(Some((id, _)))) => member.id == *id,
            _ => false,
        }
    }
}
