use toolmeta::ToolIdentity;

macro_rules! tool {
    ($name:ident, $namespace:literal) => {
        #[derive(ToolIdentity)]
        #[tool(name = "read", namespace = $namespace, kind = "read")]
        struct $name {
            #[tool(project)]
            path: String,
        }
    };
}

tool!(Uppercase, "_Forge");
tool!(Underscore, "_");
tool!(Digit, "_9x");
tool!(DoubleUnderscore, "__forge");
tool!(Dash, "_forge-x");
tool!(TooLong, "_sixty_five_bytes_is_one_byte_more_than_an_extension_namespace_ok");

fn main() {}
