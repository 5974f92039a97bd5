//! A small command-line reader: positional arguments and `--flag [value]` options.

use crate::failure::Failure;

pub struct Args<'a> {
    positional: Vec<&'a str>,
    options: Vec<(&'a str, Option<&'a str>)>,
}

impl<'a> Args<'a> {
    /// Splits `args`; `valued` lists the options that take a value.
    pub fn parse(args: &'a [String], flags: &[&str], valued: &[&str]) -> Result<Args<'a>, Failure> {
        let mut positional = Vec::new();
        let mut options = Vec::new();
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            let arg = arg.as_str();
            if arg == "-" || !arg.starts_with('-') {
                positional.push(arg);
            } else if flags.contains(&arg) {
                options.push((arg, None));
            } else if valued.contains(&arg) {
                let value = iter
                    .next()
                    .ok_or_else(|| Failure::Usage(format!("{arg} needs a value")))?;
                options.push((arg, Some(value.as_str())));
            } else {
                return Err(Failure::Usage(format!(
                    "unknown option {arg}; try `quotalab help`"
                )));
            }
        }
        Ok(Args {
            positional,
            options,
        })
    }

    pub fn flag(&self, name: &str) -> bool {
        self.options.iter().any(|(n, _)| *n == name)
    }

    /// Every value given for `name`, in order.
    pub fn values(&self, name: &str) -> Vec<&'a str> {
        self.options
            .iter()
            .filter(|(n, _)| *n == name)
            .filter_map(|(_, v)| *v)
            .collect()
    }

    /// Every positional argument, in order (commands that take several files).
    pub fn all(&self) -> &[&'a str] {
        &self.positional
    }

    /// The one positional argument a command takes.
    pub fn single(&self, what: &str) -> Result<&'a str, Failure> {
        match self.positional.as_slice() {
            [one] => Ok(one),
            [] => Err(Failure::Usage(format!("missing {what}"))),
            _ => Err(Failure::Usage(format!(
                "expected one {what}, got {}",
                self.positional.len()
            ))),
        }
    }
}

/// Parses a number option, naming it in the error.
pub fn number<T: std::str::FromStr>(name: &str, value: &str) -> Result<T, Failure> {
    value
        .parse()
        .map_err(|_| Failure::Usage(format!("{name} expects a number, got \"{value}\"")))
}
