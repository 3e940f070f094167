//! Loose decoding never fails on an object, and agrees with strict decoding wherever
//! strict decoding succeeds.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use toolmeta::client::LooseMeta;
use toolmeta::{Namespace, ToolKind, ToolMeta};

fuzz_target!(|data: &[u8]| {
    let Ok(value) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    let loose = LooseMeta::from_value(&value);
    assert_eq!(
        loose.is_some(),
        value.is_object(),
        "every object is an envelope, loosely"
    );
    let (Some(loose), Ok(strict)) = (loose, serde_json::from_value::<ToolMeta>(value.clone()))
    else {
        return;
    };
    assert_eq!(loose.name.as_deref(), Some(strict.name.as_str()));
    assert_eq!(loose.kind, Some(strict.kind));
    // The loose reader keeps the namespace as sent; an alias (`Codex`) names the same one.
    let namespace = loose.namespace.as_deref().map(str::parse::<Namespace>);
    assert_eq!(namespace, Some(Ok(strict.namespace)));
    // A known kind fixes the label (DESIGN §2): the loose reader shows the kind's label,
    // whatever label the envelope sent.
    let label = match strict.kind {
        ToolKind::Other => &*strict.label,
        kind => kind.label(),
    };
    assert_eq!(loose.label.as_deref(), Some(label));
    assert_eq!(loose.read_only_or_default(), Some(strict.read_only));
    assert_eq!(loose.input_map().map(Value::Object), strict.input);
});
