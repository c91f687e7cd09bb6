import Foundation
import Vapor

extension SiteURL {
    /// One piece of a path: fixed text, or a named parameter with its value when a link is made.
    enum Segment: Equatable, ExpressibleByStringLiteral {
        case literal(String)
        case parameter(RouteParameter, String?)

        init(stringLiteral value: String) { self = .literal(value) }

        static func id<T>(_ parameter: Parameter<T>, _ name: RouteParameter = .id) -> Segment {
            switch parameter {
            case .key: .parameter(name, nil)
            case .value(let value): .parameter(name, "\(text(value))")
            }
        }

        private static func text(_ value: some Sendable) -> String {
            switch value {
            case let uuid as UUID: uuid.text
            case let variant as MediaVariant: variant.rawValue
            default: "\(value)"
            }
        }
    }

    /// The path of a link, e.g. `/items/5F1…/edit`.
    var path: String {
        "/"
            + segments.map { segment in
                switch segment {
                case .literal(let text): text
                case .parameter(let name, let value): value?.urlPathEncoded ?? ":\(name.rawValue)"
                }
            }.joined(separator: "/")
    }

    /// The whole address, for an email or a printed label: the hub's public address (`HEIRLOOM_PUBLIC_URL`,
    /// no trailing slash) followed by the path.
    func url(on publicBaseURL: String) -> String { publicBaseURL + path }

    /// The path with a query and a fragment, e.g. `/items?done=item-deleted#photos`.
    func path(query: [URLQueryItem] = [], done notice: Notice? = nil, fragment: String? = nil) -> String {
        var components = URLComponents()
        var items = query
        if let notice { items.append(.init(name: "done", value: notice.rawValue)) }
        if !items.isEmpty { components.queryItems = items }
        components.fragment = fragment
        return path + (components.string ?? "")
    }

    /// The route pattern, e.g. `items/:id/edit`.
    var pathComponents: [PathComponent] {
        segments.map { segment in
            switch segment {
            case .literal(let text): .constant(text)
            case .parameter(let name, _): .parameter(name.rawValue)
            }
        }
    }
}

extension String {
    /// The string as one path segment (a token from an email, say, never adds a `/`).
    fileprivate var urlPathEncoded: String {
        addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/")))
            ?? self
    }
}

extension SiteURL {
    /// Where a stored file is served in one of its variants, e.g. `/api/media/5F1…/thumbnail`.
    static func media(_ id: UUID, _ variant: MediaVariant) -> String {
        SiteURL.apiMedia(.value(id), .value(variant)).path
    }
}
