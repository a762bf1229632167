//! A small well-formedness check for the SVG pictures of the games: enough to catch unbalanced
//! tags, unquoted or repeated attributes and stray ampersands without an XML dependency.

/// Checks that `text` is a well-formed XML document with a single root element: tags balance,
/// every attribute value is quoted, no attribute repeats, and every `&` starts an entity.
pub fn check_well_formed(text: &str) -> Result<(), String> {
    let bytes = text.as_bytes();
    let mut stack: Vec<&str> = Vec::new();
    let mut roots = 0;
    let mut i = 0;
    let is_name = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b':' | b'.');
    let check_entities = |chunk: &str, at: usize| -> Result<(), String> {
        for (k, _) in chunk.match_indices('&') {
            let rest = &chunk[k..];
            let end = rest
                .find(';')
                .ok_or_else(|| format!("unterminated entity at {}", at + k))?;
            let entity = &rest[1..end];
            let named = matches!(entity, "amp" | "lt" | "gt" | "quot" | "apos");
            let numeric = entity.strip_prefix('#').is_some_and(|n| {
                n.strip_prefix('x').map_or_else(
                    || !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()),
                    |h| !h.is_empty() && h.bytes().all(|b| b.is_ascii_hexdigit()),
                )
            });
            if !named && !numeric {
                return Err(format!("bad entity &{entity}; at {}", at + k));
            }
        }
        Ok(())
    };
    while i < bytes.len() {
        if bytes[i] != b'<' {
            let next = text[i..].find('<').map_or(bytes.len(), |n| i + n);
            let chunk = &text[i..next];
            if stack.is_empty() && !chunk.trim().is_empty() {
                return Err(format!("text outside the root element at {i}"));
            }
            if chunk.contains('>') {
                return Err(format!("stray '>' in text at {i}"));
            }
            check_entities(chunk, i)?;
            i = next;
            continue;
        }
        let rest = &text[i..];
        if rest.starts_with("<!--") {
            let end = rest.find("-->").ok_or("unterminated comment")?;
            i += end + 3;
            continue;
        }
        if rest.starts_with("<?") || rest.starts_with("<!") {
            return Err(format!("unexpected declaration at {i}"));
        }
        if let Some(close) = rest.strip_prefix("</") {
            let end = close
                .find('>')
                .ok_or_else(|| format!("unterminated end tag at {i}"))?;
            let name = close[..end].trim_end();
            match stack.pop() {
                Some(open) if open == name => {}
                Some(open) => return Err(format!("</{name}> closes <{open}> at {i}")),
                None => return Err(format!("</{name}> closes nothing at {i}")),
            }
            i += 2 + end + 1;
            continue;
        }
        // A start tag or an empty-element tag.
        let mut j = i + 1;
        while j < bytes.len() && is_name(bytes[j]) {
            j += 1;
        }
        let name = &text[i + 1..j];
        if name.is_empty() {
            return Err(format!("'<' without a tag name at {i}"));
        }
        let mut seen: Vec<&str> = Vec::new();
        loop {
            let ws = j;
            while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                j += 1;
            }
            match bytes.get(j) {
                None => return Err(format!("unterminated tag <{name}>")),
                Some(b'>') => {
                    if stack.is_empty() {
                        roots += 1;
                    }
                    stack.push(name);
                    j += 1;
                    break;
                }
                Some(b'/') => {
                    if bytes.get(j + 1) != Some(&b'>') {
                        return Err(format!("bad '/' in <{name}> at {j}"));
                    }
                    if stack.is_empty() {
                        roots += 1;
                    }
                    j += 2;
                    break;
                }
                Some(_) => {
                    if ws == j {
                        return Err(format!("attributes of <{name}> not separated at {j}"));
                    }
                    let start = j;
                    while j < bytes.len() && is_name(bytes[j]) {
                        j += 1;
                    }
                    let attribute = &text[start..j];
                    if attribute.is_empty() || bytes.get(j) != Some(&b'=') {
                        return Err(format!("bad attribute in <{name}> at {start}"));
                    }
                    if seen.contains(&attribute) {
                        return Err(format!("attribute {attribute} repeated in <{name}>"));
                    }
                    seen.push(attribute);
                    j += 1;
                    let quote = bytes.get(j).copied();
                    if !matches!(quote, Some(b'"' | b'\'')) {
                        return Err(format!("unquoted value of {attribute} in <{name}>"));
                    }
                    let quote = char::from(quote.unwrap_or(b'"'));
                    let end = text[j + 1..]
                        .find(quote)
                        .ok_or_else(|| format!("unterminated value of {attribute}"))?;
                    let value = &text[j + 1..j + 1 + end];
                    if value.contains('<') {
                        return Err(format!("'<' in the value of {attribute} in <{name}>"));
                    }
                    check_entities(value, j + 1)?;
                    j += 1 + end + 1;
                }
            }
        }
        i = j;
    }
    if let Some(open) = stack.last() {
        return Err(format!("<{open}> is never closed"));
    }
    if roots != 1 {
        return Err(format!("{roots} root elements, not 1"));
    }
    Ok(())
}

#[test]
fn the_checker_refuses_broken_xml() {
    assert!(check_well_formed(r#"<svg a="1"><g></g><rect b="2"/></svg>"#).is_ok());
    for broken in [
        "<svg><g></svg>",
        "<svg></g>",
        "<svg a=1></svg>",
        r#"<svg a="1" a="2"></svg>"#,
        "<svg>Command & Decree</svg>",
        r#"<svg a="x<y"></svg>"#,
        "<svg></svg><svg></svg>",
        "<svg>",
    ] {
        assert!(check_well_formed(broken).is_err(), "{broken}");
    }
}
