//! `OptionValue` for lists (`Vec<T>`, `;`-separated) and maps (`BTreeMap<String, String>`,
//! `k1:v1,k2:v2`), with Flink's quoting (see [`grammar::split_list`] and [`grammar::parse_map`]).

use std::collections::BTreeMap;

use super::grammar;
use super::impls::value_error;
use super::ValueError;
use super::{OptionValue, TypeInfo, ValueKind};

impl<T: OptionValue> OptionValue for Vec<T> {
    const TYPE: TypeInfo = T::TYPE.list_of();

    fn parse_config(s: &str) -> Result<Self, ValueError> {
        let items = grammar::split_list(s).map_err(|e| value_error::<Self>(s, e))?;
        items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                T::parse_config(item).map_err(|e| {
                    let detail = match e.detail() {
                        "" => format!("item {} \"{item}\" is invalid", i + 1),
                        detail => format!("item {} \"{item}\": {detail}", i + 1),
                    };
                    ValueError::new(s, Self::TYPE, detail)
                })
            })
            .collect()
    }

    fn to_config_string(&self) -> String {
        let items: Vec<String> = self.iter().map(T::to_config_string).collect();
        grammar::join_list(&items)
    }
}

impl OptionValue for BTreeMap<String, String> {
    const TYPE: TypeInfo = TypeInfo::scalar(ValueKind::Map);

    fn parse_config(s: &str) -> Result<Self, ValueError> {
        let entries = grammar::parse_map(s).map_err(|e| value_error::<Self>(s, e))?;
        Ok(entries.into_iter().collect())
    }

    fn to_config_string(&self) -> String {
        let entries: Vec<(String, String)> =
            self.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        grammar::join_map(&entries)
    }
}
