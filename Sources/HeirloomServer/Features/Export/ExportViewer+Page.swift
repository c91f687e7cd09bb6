import Foundation

/// What every page of the archive shares: its head with the style, and escaping.
extension ExportViewer {
    /// The start of a page of the archive, up to its body: the title and the shared style.
    static func head(_ title: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>\(style)</style>
        </head>
        <body>

        """
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    private static let style = """
        body{margin:0;background:#F6F1E7;color:#211E1C;font:18px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
        h1,h2,h3,h4{font-family:ui-serif,Georgia,"Times New Roman",serif;line-height:1.2}
        .top,main{max-width:56rem;margin:0 auto;padding:1rem}
        nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.5rem 1.25rem}
        a{color:#211E1C}a:focus{outline:3px solid #C49245;outline-offset:2px}
        .card{background:#FCF9F3;border:1px solid #D6CAB7;border-radius:10px;padding:1rem;margin:0 0 1rem}
        .card h3{margin-top:0}.muted,.empty{color:#70675E}
        img,video{max-width:100%;height:auto;border-radius:6px;margin:.25rem 0;display:block}
        img{max-height:24rem}.avatar{width:6rem;height:6rem;object-fit:cover;border-radius:50%}
        audio{width:100%}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dd{margin:0}
        dt{color:#70675E}blockquote{margin:.25rem 0 .5rem 1rem;font-style:italic}
        .private{display:inline-block;background:#EFE3CC;border-radius:4px;padding:0 .4rem;font-weight:600}
        .transcript{border-left:3px solid #D6CAB7;padding-left:.75rem;margin:.25rem 0 .75rem}
        """
}
