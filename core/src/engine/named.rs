//! `named_enum!`: the small closed enums of the games (coalitions, sectors, regions), each with
//! `ALL`, `index`, `code` and a text form that parses back, used by action texts, logs and
//! data files.

/// Declares a small enum with `ALL`, `index`, `code` and `Display`/`FromStr` over the codes.
macro_rules! named_enum_impl {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $code:literal),+ $(,)? }) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, ::serde::Serialize, ::serde::Deserialize)]
        $(#[$meta])*
        pub enum $name {
            $($(#[$vmeta])* #[doc = concat!("Text form `", $code, "`.")] $variant),+
        }

        impl $name {
            /// Every value, in the engine's iteration order.
            pub const ALL: [$name; [$($code),+].len()] = [$($name::$variant),+];

            /// The position in [`Self::ALL`].
            pub const fn index(self) -> usize {
                self as usize
            }

            /// The text form, as in action texts and the data file.
            pub const fn code(self) -> &'static str {
                match self {
                    $($name::$variant => $code),+
                }
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.code())
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = String;
            fn from_str(s: &str) -> Result<Self, String> {
                $name::ALL
                    .into_iter()
                    .find(|v| v.code().eq_ignore_ascii_case(s))
                    .ok_or_else(|| format!(
                        "not a {}: {s:?} (one of {})",
                        stringify!($name).to_lowercase(),
                        $name::ALL.map(|v| v.code()).join(", ")
                    ))
            }
        }
    };
}

pub(crate) use named_enum_impl as named_enum;
