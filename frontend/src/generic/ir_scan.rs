//! Scanning ahead in MLIR text: where a type, a simple attribute or a string ends, and the
//! attribute grammar run on the longest prefix it accepts.

use super::SyntaxError;

/// The length of a type at the start of `s` written as a word with an optional `<...>`
/// or as a function type of such types, or None for any other shape.
pub(super) fn type_extent(s: &str) -> Option<usize> {
    if !s.starts_with('(') {
        return word_type_extent(s);
    }
    let close = balanced_parens(s)?;
    let rest = &s[close..];
    let arrow = rest.len() - rest.trim_start().len();
    if !rest[arrow..].starts_with("->") {
        return None;
    }
    let after = &rest[arrow + 2..];
    let pad = after.len() - after.trim_start().len();
    let result = &after[pad..];
    let len = if result.starts_with('(') {
        balanced_parens(result)?
    } else {
        word_type_extent(result)?
    };
    Some(close + arrow + 2 + pad + len)
}

/// Past the `)` matching the `(` that starts `s`.
pub(super) fn balanced_parens(s: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, b) in s.bytes().enumerate() {
        match b {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            b'"' | b'{' => return None,
            _ => {}
        }
    }
    None
}

/// The length of `true`, `false` or a decimal number with an optional `: type` (a word
/// type) at the start of `s`, or None for any other attribute.
pub(super) fn simple_attribute_extent(s: &str) -> Option<usize> {
    let bytes = s.as_bytes();
    let mut i = 0;
    if s.starts_with("true") || s.starts_with("false") {
        i = if s.starts_with("true") { 4 } else { 5 };
        if bytes
            .get(i)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
        {
            return None;
        }
    } else {
        if bytes.first() == Some(&b'-') {
            i += 1;
        }
        let digits = i;
        while i < bytes.len()
            && (bytes[i].is_ascii_digit() || matches!(bytes[i], b'.' | b'e' | b'E' | b'+' | b'-'))
        {
            // A sign belongs to the number only right after an exponent's `e`.
            if matches!(bytes[i], b'+' | b'-') && !matches!(bytes[i - 1], b'e' | b'E') {
                break;
            }
            i += 1;
        }
        if i == digits
            || bytes
                .get(i)
                .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'x')
        {
            return None;
        }
    }
    let rest = &s[i..];
    let pad = rest.len() - rest.trim_start_matches(' ').len();
    if rest[pad..].starts_with(':') && !rest[pad..].starts_with("::") {
        let after = &rest[pad + 1..];
        let pad2 = after.len() - after.trim_start_matches(' ').len();
        let len = word_type_extent(&after[pad2..])?;
        return Some(i + pad + 1 + pad2 + len);
    }
    Some(i)
}

/// The length of a type written as a word (`i32`, `!llvm.ptr`) with an optional balanced
/// `<...>` at the start of `s` (an `->` inside is no bracket), or None for any other shape.
pub(super) fn word_type_extent(s: &str) -> Option<usize> {
    let bytes = s.as_bytes();
    let mut i = usize::from(bytes.first() == Some(&b'!'));
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'.';
    if !bytes.get(i).is_some_and(|b| b.is_ascii_alphabetic()) {
        return None;
    }
    while i < bytes.len() && word(bytes[i]) {
        i += 1;
    }
    if bytes.get(i) != Some(&b'<') {
        return Some(i);
    }
    let mut depth = 0usize;
    while i < bytes.len() {
        match bytes[i] {
            b'<' => depth += 1,
            b'>' if bytes[i - 1] != b'-' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            b'"' => return None,
            _ => {}
        }
        i += 1;
    }
    None
}

/// Runs an LR parser of the attribute grammar on the longest prefix of `rest` it accepts;
/// the value and the prefix's length.
pub(super) fn prefix<T, E: std::fmt::Display>(
    rest: &str,
    what: &str,
    parse: impl Fn(&str) -> Result<T, lalrpop_util::ParseError<usize, E, (usize, String)>>,
) -> Result<(T, usize), SyntaxError> {
    use lalrpop_util::ParseError::*;
    let stop = match parse(rest) {
        Ok(v) => return Ok((v, rest.len())),
        Err(InvalidToken { location }) => location,
        Err(UnrecognizedToken {
            token: (l, _, _), ..
        }) => l,
        Err(ExtraToken { token: (l, _, _) }) => l,
        Err(e) => return Err(super::error(e, rest, what)),
    };
    if rest[..stop].trim().is_empty() {
        return Err(parse(rest)
            .err()
            .map(|e| super::error(e, rest, what))
            .unwrap_or(SyntaxError {
                offset: 0,
                message: format!("expected {what}"),
            }));
    }
    match parse(&rest[..stop]) {
        Ok(v) => Ok((v, stop)),
        Err(_) => Err(parse(rest)
            .err()
            .map(|e| super::error(e, rest, what))
            .unwrap_or(SyntaxError {
                offset: 0,
                message: format!("expected {what}"),
            })),
    }
}

/// The string at the start of `s` (`"..."` with MLIR's escapes) and its length in bytes.
pub(super) fn string_at(s: &str) -> Option<(String, usize)> {
    if !s.starts_with('"') {
        return None;
    }
    let bytes = s.as_bytes();
    let mut i = 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => {
                let value = super::read::unescape(&s[..=i]).ok()?;
                return Some((value, i + 1));
            }
            _ => i += 1,
        }
    }
    None
}
