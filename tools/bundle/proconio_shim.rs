//! A std-only stand-in for the part of proconio 0.5.0 that `lib/input.rs` uses, for judges
//! without crates: `source::Source::next_token` and `source::once::OnceSource::from(&str)`,
//! splitting on whitespace exactly as proconio does (`str::split_whitespace`).
//!
//! The bundler pastes this file, less its tests, as `mod proconio` into single-file bundles.

pub mod source {
    use std::io::BufRead;

    /// A source of whitespace-separated tokens.
    pub trait Source<R: BufRead> {
        /// The next token, or `None` at the end of the input.
        fn next_token(&mut self) -> Option<&str>;
    }

    pub mod once {
        use std::io::{BufRead, BufReader};
        use std::marker::PhantomData;

        /// All of the input, held at once, with the position of the next token.
        pub struct OnceSource<R: BufRead> {
            text: String,
            position: usize,
            _read: PhantomData<R>,
        }

        impl<R: BufRead> super::Source<R> for OnceSource<R> {
            fn next_token(&mut self) -> Option<&str> {
                let rest = &self.text[self.position..];
                let start = self.position + (rest.len() - rest.trim_start().len());
                let token = self.text[start..]
                    .split(char::is_whitespace)
                    .next()
                    .unwrap_or("");
                self.position = start + token.len();
                (!token.is_empty()).then_some(token)
            }
        }

        impl<'a> From<&'a str> for OnceSource<BufReader<&'a [u8]>> {
            fn from(text: &'a str) -> Self {
                OnceSource {
                    text: text.to_owned(),
                    position: 0,
                    _read: PhantomData,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use grundy::rng::SplitMix64;

    fn tokens_of_shim(text: &str) -> Vec<String> {
        use super::source::Source;
        let mut source = super::source::once::OnceSource::from(text);
        std::iter::from_fn(|| source.next_token().map(str::to_owned)).collect()
    }

    fn tokens_of_proconio(text: &str) -> Vec<String> {
        use proconio::source::Source;
        let mut source = proconio::source::once::OnceSource::from(text);
        std::iter::from_fn(|| source.next_token().map(str::to_owned)).collect()
    }

    #[test]
    fn splits_like_proconio() {
        let alphabet = [
            'a', '7', '-', ' ', '\n', '\t', '\r', '\u{a0}', '\u{3000}', 'é', '\u{b}',
        ];
        let mut rng = SplitMix64::new(50);
        for _ in 0..2000 {
            let text: String = (0..rng.below(12))
                .map(|_| alphabet[rng.below(alphabet.len() as u64) as usize])
                .collect();
            assert_eq!(tokens_of_shim(&text), tokens_of_proconio(&text), "{text:?}");
        }
    }
}
