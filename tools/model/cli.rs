//! The tools' command lines: clap parses them, and a usage error is one line
//! `error: ...` on standard error with exit status 2, as every other refusal of the tools is
//! one line; `--help` and `--version` still print clap's full text.

use clap::error::ErrorKind;
use clap::Parser;
use std::io::Write;

/// Parses the process's arguments into `P`; on a usage error prints one line and exits 2.
pub fn parse<P: Parser>() -> P {
    match P::try_parse() {
        Ok(cli) => cli,
        Err(e) => match e.kind() {
            ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => e.exit(),
            _ => usage_error(&one_line(&e.to_string())),
        },
    }
}

/// Prints `error: MESSAGE` and exits with status 2, a usage error's.
pub fn usage_error(message: &str) -> ! {
    let _ = writeln!(std::io::stderr(), "error: {message}");
    std::process::exit(2)
}

/// Clap's rendered error as one line: its first paragraph (the message, and the arguments it
/// lists on the lines below it) without the `error: ` prefix, joined, and where to look for
/// more (clap's usage and hints follow a blank line).
pub fn one_line(rendered: &str) -> String {
    let message: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .take_while(|line| !line.is_empty())
        .collect();
    let message = message.join(" ");
    let message = message.strip_prefix("error:").unwrap_or(&message).trim();
    format!("{message} (see --help)")
}

#[cfg(test)]
mod tests {
    use super::one_line;

    #[test]
    fn clap_errors_become_one_line() {
        let rendered = "error: unexpected argument 'knights' found\n\nUsage: ./run_tests.sh [NAME]\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line(rendered),
            "unexpected argument 'knights' found (see --help)"
        );
        let rendered = "error: the following required arguments were not provided:\n  <CODE>\n\nUsage: grundy octal <CODE>\n";
        assert_eq!(
            one_line(rendered),
            "the following required arguments were not provided: <CODE> (see --help)"
        );
    }
}
