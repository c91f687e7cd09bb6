/// The types of Heirloom's JSON API, generated from `openapi.yaml` in this folder.
///
/// `Components.Schemas` holds the request and response bodies, `Operations` each operation's input and
/// output, and `APIProtocol` the server's side. Nothing here imports more than Foundation and
/// OpenAPIRuntime, so the iPhone apps can share it.
public enum HeirloomAPIInfo {
    /// The version of the API document these types were generated from.
    public static let documentVersion = "0.1.0"
}
