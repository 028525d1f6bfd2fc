//! `OptionValue` for the built-in types. (Being filled in: see the value-layer work.)

use std::collections::BTreeMap;
use std::time::Duration;

use super::{MemorySize, OptionValue, Stored, TypeInfo, ValueKind};
use crate::error::ValueError;

impl OptionValue for Duration {
    const TYPE: TypeInfo = TypeInfo::scalar(ValueKind::Duration);

    fn parse_config(_s: &str) -> Result<Self, ValueError> {
        todo!()
    }

    fn to_config_string(&self) -> String {
        todo!()
    }

    fn __into_stored(self) -> Stored {
        Stored::Duration(self)
    }

    fn __from_stored(stored: &Stored) -> Option<Self> {
        match stored {
            Stored::Duration(v) => Some(*v),
            _ => None,
        }
    }
}

impl OptionValue for String {
    const TYPE: TypeInfo = TypeInfo::scalar(ValueKind::String);

    fn parse_config(s: &str) -> Result<Self, ValueError> {
        Ok(s.to_owned())
    }

    fn to_config_string(&self) -> String {
        self.clone()
    }
}

impl<T: OptionValue> OptionValue for Option<T> {
    const TYPE: TypeInfo = T::TYPE;

    fn parse_config(s: &str) -> Result<Self, ValueError> {
        T::parse_config(s).map(Some)
    }

    fn to_config_string(&self) -> String {
        self.as_ref().map(T::to_config_string).unwrap_or_default()
    }

    fn __is_absent(&self) -> bool {
        self.is_none()
    }

    fn __into_stored(self) -> Stored {
        match self {
            Some(v) => v.__into_stored(),
            None => Stored::Other(std::sync::Arc::new(())),
        }
    }

    fn __from_stored(stored: &Stored) -> Option<Self> {
        T::__from_stored(stored).map(Some)
    }
}

const _: fn() = || {
    let _ = (MemorySize::from_bytes(0), BTreeMap::<String, String>::new());
};
