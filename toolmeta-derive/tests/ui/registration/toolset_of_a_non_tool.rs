use toolmeta::toolset;

fn main() {
    let _tools = toolset![String];
}
