//! A spec's `resource.memory` as the operator writes it into `*.memory.process.size`
//! (`FlinkConfigBuilder.parseResourceMemoryString`): a Flink memory size printed as Flink prints
//! it (`2048m` is `2 gb`), else a Kubernetes quantity in bytes (`2Gi` is `2147483648`).

use options_core::grammar::{format_memory_bytes, parse_memory_bytes};

const TIB: u64 = 1 << 40;

/// The value the operator writes for `memory`, or `None` when neither Flink nor Kubernetes reads
/// it (the operator then fails to build the configuration).
pub fn process_size(memory: &str) -> Option<String> {
    match parse_memory_bytes(memory) {
        Ok(bytes) => Some(flink_memory_text(bytes)),
        Err(_) => quantity_bytes(&kubernetes_spelling(memory)),
    }
}

/// A size as Flink's `MemorySize.toString` prints it: the largest of `gb mb kb bytes` that
/// divides it, except that a multiple of 1 TiB (and zero) prints in bytes.
fn flink_memory_text(bytes: u64) -> String {
    match bytes % TIB == 0 {
        true => format!("{bytes} bytes"),
        false => format_memory_bytes(bytes),
    }
}

/// `formatMemoryStringForK8sSpec`: blanks removed, upper case, a trailing `B` dropped, a
/// trailing `I` written `i` (`512 mib` is `512Mi`).
fn kubernetes_spelling(memory: &str) -> String {
    let mut text: String = memory
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_uppercase();
    if text.ends_with('B') {
        text.pop();
    }
    if text.ends_with('I') {
        text.pop();
        text.push('i');
    }
    text
}

/// A Kubernetes quantity's amount in bytes, as `Quantity.getNumericalAmount` prints it: an
/// integer, or a decimal with the amount's fraction digits (`1.5Gi` is `1610612736.0`).
fn quantity_bytes(quantity: &str) -> Option<String> {
    let split = quantity
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(quantity.len());
    let (number, suffix) = quantity.split_at(split);
    let multiplier: u128 = match suffix {
        "" => 1,
        "Ki" => 1 << 10,
        "Mi" => 1 << 20,
        "Gi" => 1 << 30,
        "Ti" => 1 << 40,
        "Pi" => 1 << 50,
        "Ei" => 1 << 60,
        "K" => 1_000,
        "M" => 1_000_000,
        "G" => 1_000_000_000,
        "T" => 1_000_000_000_000,
        "P" => 1_000_000_000_000_000,
        "E" => 1_000_000_000_000_000_000,
        _ => return None,
    };
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    if whole.is_empty() && fraction.is_empty() || fraction.contains('.') {
        return None;
    }
    let digits: u128 = format!("{whole}{fraction}").parse().ok()?;
    let scale = 10u128.checked_pow(fraction.len() as u32)?;
    let scaled = digits.checked_mul(multiplier)?;
    Some(match fraction.len() {
        0 => scaled.to_string(),
        n => {
            let (int, rem) = (scaled / scale, scaled % scale);
            format!("{int}.{rem:0n$}")
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flink_size_is_printed_as_flink_prints_it() {
        assert_eq!(process_size("2048m").as_deref(), Some("2 gb"));
        assert_eq!(process_size("2G").as_deref(), Some("2 gb"));
        assert_eq!(process_size("1536 mb").as_deref(), Some("1536 mb"));
        assert_eq!(process_size("1t").as_deref(), Some("1099511627776 bytes"));
    }

    #[test]
    fn a_kubernetes_quantity_is_its_bytes() {
        assert_eq!(process_size("2Gi").as_deref(), Some("2147483648"));
        assert_eq!(process_size("512 mib").as_deref(), Some("536870912"));
        assert_eq!(process_size("1.5Gi").as_deref(), Some("1610612736.0"));
        assert_eq!(process_size("1.5g").as_deref(), Some("1500000000.0"));
    }

    #[test]
    fn neither_is_none() {
        assert_eq!(process_size("lots"), None);
        assert_eq!(process_size("1.2.3Gi"), None);
    }
}
