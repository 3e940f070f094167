//! serde's `rename_all` rules, as serde applies them to field names.

/// A `#[serde(rename_all = "...")]` rule.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RenameRule {
    Lower,
    Upper,
    Pascal,
    Camel,
    Snake,
    ScreamingSnake,
    Kebab,
    ScreamingKebab,
}

impl RenameRule {
    /// The rule spelled `name`, as serde spells them; `None` for anything else (serde
    /// reports that itself).
    pub fn from_name(name: &str) -> Option<RenameRule> {
        Some(match name {
            "lowercase" => RenameRule::Lower,
            "UPPERCASE" => RenameRule::Upper,
            "PascalCase" => RenameRule::Pascal,
            "camelCase" => RenameRule::Camel,
            "snake_case" => RenameRule::Snake,
            "SCREAMING_SNAKE_CASE" => RenameRule::ScreamingSnake,
            "kebab-case" => RenameRule::Kebab,
            "SCREAMING-KEBAB-CASE" => RenameRule::ScreamingKebab,
            _ => return None,
        })
    }

    /// The wire name of a PascalCase variant under this rule (serde's `apply_to_variant`).
    pub fn apply_to_variant(self, variant: &str) -> String {
        let snake = || {
            let mut snake = String::new();
            for (i, ch) in variant.char_indices() {
                if i > 0 && ch.is_uppercase() {
                    snake.push('_');
                }
                snake.push(ch.to_ascii_lowercase());
            }
            snake
        };
        match self {
            RenameRule::Pascal => variant.to_owned(),
            RenameRule::Lower => variant.to_ascii_lowercase(),
            RenameRule::Upper => variant.to_ascii_uppercase(),
            RenameRule::Camel => {
                let mut chars = variant.chars();
                match chars.next() {
                    Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
                    None => String::new(),
                }
            }
            RenameRule::Snake => snake(),
            RenameRule::ScreamingSnake => snake().to_ascii_uppercase(),
            RenameRule::Kebab => snake().replace('_', "-"),
            RenameRule::ScreamingKebab => snake().to_ascii_uppercase().replace('_', "-"),
        }
    }

    /// The wire name of a snake_case field under this rule.
    pub fn apply_to_field(self, field: &str) -> String {
        match self {
            RenameRule::Lower | RenameRule::Snake => field.to_owned(),
            RenameRule::Upper | RenameRule::ScreamingSnake => field.to_ascii_uppercase(),
            RenameRule::Pascal => {
                let mut pascal = String::new();
                let mut capitalize = true;
                for ch in field.chars() {
                    if ch == '_' {
                        capitalize = true;
                    } else if capitalize {
                        pascal.push(ch.to_ascii_uppercase());
                        capitalize = false;
                    } else {
                        pascal.push(ch);
                    }
                }
                pascal
            }
            RenameRule::Camel => {
                let pascal = RenameRule::Pascal.apply_to_field(field);
                let mut chars = pascal.chars();
                match chars.next() {
                    Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
                    None => pascal,
                }
            }
            RenameRule::Kebab => field.replace('_', "-"),
            RenameRule::ScreamingKebab => field.to_ascii_uppercase().replace('_', "-"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::RenameRule::{self, *};

    #[test]
    fn variant_rules() {
        let cases = [
            (Lower, "strreplace"),
            (Upper, "STRREPLACE"),
            (Pascal, "StrReplace"),
            (Camel, "strReplace"),
            (Snake, "str_replace"),
            (ScreamingSnake, "STR_REPLACE"),
            (Kebab, "str-replace"),
            (ScreamingKebab, "STR-REPLACE"),
        ];
        for (rule, expected) in cases {
            assert_eq!(rule.apply_to_variant("StrReplace"), expected, "{rule:?}");
        }
    }

    #[test]
    fn every_rule() {
        let cases: &[(RenameRule, &str)] = &[
            (Lower, "file_path"),
            (Upper, "FILE_PATH"),
            (Pascal, "FilePath"),
            (Camel, "filePath"),
            (Snake, "file_path"),
            (ScreamingSnake, "FILE_PATH"),
            (Kebab, "file-path"),
            (ScreamingKebab, "FILE-PATH"),
        ];
        for (rule, expected) in cases {
            assert_eq!(rule.apply_to_field("file_path"), *expected, "{rule:?}");
        }
    }
}
