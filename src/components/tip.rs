//! The builder's tooltips: plain words first, then the name of the field they set, so someone new
//! reads what a field does and someone who knows AWS (or the scenario file) finds it. Every field's
//! help is written with `tip!`, so they all read the same way:
//!
//! - `tip!("How far beyond …", api = "borrowLimit")` gives "How far beyond … (API: borrowLimit)",
//!   for a field of AWS Batch or SageMaker;
//! - `tip!("One job every …", json = "every_h")` gives "One job every … (scenario field: every_h)",
//!   for one only the scenario format has (docs/FORMAT.md).
//!
//! A macro rather than a function because the inputs take their tooltip as a `&'static str`.

macro_rules! tip {
    ($plain:literal, api = $field:literal) => {
        concat!($plain, " (API: ", $field, ")")
    };
    ($plain:literal, json = $field:literal) => {
        concat!($plain, " (scenario field: ", $field, ")")
    };
}

pub(crate) use tip;

#[cfg(test)]
mod tests {
    #[test]
    fn plain_words_come_first_and_the_field_second() {
        assert_eq!(
            tip!("How far the team may borrow", api = "borrowLimit"),
            "How far the team may borrow (API: borrowLimit)"
        );
        assert_eq!(
            tip!("One job every this many hours", json = "every_h"),
            "One job every this many hours (scenario field: every_h)"
        );
    }
}
