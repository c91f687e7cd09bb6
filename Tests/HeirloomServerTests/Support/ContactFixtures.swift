import Foundation

/// Contact exports as Apple Contacts, Google Contacts and Outlook write them (CRLF line ends added by `crlf`).
///
/// A copy of HeirloomCoreTests' `VCardFixtures` (test targets cannot import each other): the server imports the
/// same real-world files the parser is tested with.
enum ContactFixtures {
    /// An iPhone (iOS 17) export of three cards: a person with a photo, a labelled phone, a company.
    static let appleRaw = #"""
        BEGIN:VCARD
        VERSION:3.0
        PRODID:-//Apple Inc.//iPhone OS 17.0//EN
        N:Miller;Ann;Marie;;
        FN:Ann Marie Miller
        ORG:Miller & Sons;
        item1.EMAIL;type=INTERNET;type=pref:ann.miller@example.com
        item1.X-ABLabel:_$!<Other>!$_
        EMAIL;type=INTERNET;type=HOME:ann@home.example
        TEL;type=CELL;type=VOICE;type=pref:(555) 555-0142
        TEL;type=HOME;type=VOICE:+1 (555) 555-0199
        item2.ADR;type=HOME;type=pref:;;12 Elm Street;Springfield;IL;62704;United States
        item2.X-ABADR:us
        NOTE:Keeps the recipe box\, the good one.\nCall before noon.
        BDAY:1952-03-14
        PHOTO;ENCODING=b;TYPE=JPEG:/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9
         PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2
         NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAE
         AAQDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAw
         IEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRol
         JicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJ
         WWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP0
         9fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBA
         QAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygp
         KjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJ
         maoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6
         /9oADAMBAAIRAxEAPwDz+iiigD//2Q==
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        PRODID:-//Apple Inc.//iPhone OS 17.0//EN
        N:Dupré;Hélène;;;
        FN:Hélène Dupré
        item1.TEL:+33 6 12 34 56 78
        item1.X-ABLabel:Cottage
        X-ABUID:5A3C0C4E-2B1D-4F6A-9E51-0C7D5B8A9F21:ABPerson
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        PRODID:-//Apple Inc.//iPhone OS 17.0//EN
        N:;;;;
        ORG:Lakeside Antiques;
        EMAIL;type=INTERNET;type=WORK;type=pref:hello@lakeside.example
        TEL;type=WORK;type=VOICE;type=pref:555-0150
        X-ABShowAs:COMPANY
        END:VCARD
        """#

    /// A Google Contacts export ("vCard (for iOS Contacts)") of four cards, one without any name.
    static let googleRaw = #"""
        BEGIN:VCARD
        VERSION:3.0
        FN:Robert Jones
        N:Jones;Robert;;;
        EMAIL;TYPE=INTERNET;TYPE=HOME:bob.jones@example.com
        EMAIL;TYPE=INTERNET;TYPE=WORK:robert.jones@work.example
        TEL;TYPE=CELL:+1 555-555-0123
        item1.EMAIL;TYPE=INTERNET:bobby@example.org
        item1.X-ABLabel:_$!<Other>!$_
        ADR;TYPE=HOME:;;42 Oak Ave;Portland;OR;97201;US
        item2.URL:https\://example.com/bob
        item2.X-ABLabel:_$!<HomePage>!$_
        BDAY:1980-07-04
        PHOTO:https://lh3.googleusercontent.com/contacts/ACbKqg9m3Xk2pQ
        CATEGORIES:myContacts,Family
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        FN:Sofía Pérez
        N:Pérez;Sofía;;;
        EMAIL;TYPE=INTERNET:sofia.perez@example.es
        TEL;TYPE=CELL:+34 612 34 56 78
        NOTE:Granddaughter. Loves the blue willow china and wants the teapot that c
         ame from great-grandmother's kitchen in Seville.
        CATEGORIES:myContacts
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        EMAIL;TYPE=INTERNET:noname@example.com
        CATEGORIES:myContacts
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        FN:Margaret O'Neil
        N:O'Neil;Margaret;;;
        item1.EMAIL;TYPE=INTERNET:PEG.ONEIL@Example.COM
        item1.X-ABLabel:Cottage
        TEL;TYPE=HOME:(555) 555-0111
        CATEGORIES:myContacts,starred
        END:VCARD
        """#

    /// An Outlook desktop export in vCard 2.1 with quoted-printable values and an indented photo.
    static let outlookRaw = #"""
        BEGIN:VCARD
        VERSION:2.1
        N;LANGUAGE=en-us;CHARSET=utf-8:Müller;Jürgen
        FN;CHARSET=utf-8:Jürgen Müller
        ORG:Contoso Ltd.
        TITLE:Retired
        TEL;WORK;VOICE:(555) 555-0188
        TEL;CELL;VOICE:(555) 555-0177
        ADR;WORK;PREF;ENCODING=QUOTED-PRINTABLE;CHARSET=utf-8:;;One Microsoft Way=0D=0ASuite 100;Redmond;WA;98052;United States of America
        LABEL;WORK;PREF;ENCODING=QUOTED-PRINTABLE;CHARSET=utf-8:One Microsoft Way=0D=0A=
        Suite 100=0D=0A=
        Redmond, WA 98052
        X-MS-OL-DEFAULT-POSTAL-ADDRESS:2
        EMAIL;PREF;INTERNET:jurgen.muller@contoso.example
        X-MS-OL-DESIGN;CHARSET=utf-8:<card xmlns="http://schemas.microsoft.com/office/outlook/12/electronicbusinesscards" ver="1.0" layout="left" bgcolor="ffffff"><img xmlns="" align="fit" area="16" use="cardpicture"/><fld xmlns="" prop="name" align="left" dir="ltr" style="b" color="000000" size="10"/></card>
        PHOTO;TYPE=JPEG;ENCODING=BASE64:
         /9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19i
         Z2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2Nj
         Y2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAEAAQDASIAAhEBAxEB/8QAHwAAAQUBAQEB
         AQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1Fh
         ByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZ
         WmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXG
         x8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAEC
         AwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHB
         CSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0
         dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX
         2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDz+iiigD//2Q==

        REV:20240315T101500Z
        END:VCARD
        BEGIN:VCARD
        VERSION:2.1
        N;ENCODING=QUOTED-PRINTABLE;CHARSET=utf-8:=C3=85str=C3=B6m;Bj=C3=B6rn
        FN;ENCODING=QUOTED-PRINTABLE;CHARSET=utf-8:Bj=C3=B6rn =C3=85str=C3=B6m
        NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=utf-8:Gets the cuckoo clock and the brass =
        barometer.=0D=0AAsk about the =C3=A9tag=C3=A8re.
        TEL;HOME;VOICE:+46 8 123 456 78
        EMAIL;PREF;INTERNET:bjorn@example.se
        X-MS-OL-DEFAULT-POSTAL-ADDRESS:0
        REV:20231102T080000Z
        END:VCARD
        """#

    /// A vCard 4.0 card with a URI telephone number and a data: URI photo.
    static let version4 = #"""
        BEGIN:VCARD
        VERSION:4.0
        UID:urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1
        FN:Émile Zola
        N:Zola;Émile;;;
        KIND:individual
        EMAIL;TYPE=home;PREF=1:emile@example.fr
        EMAIL;TYPE=work:e.zola@work.example
        TEL;VALUE=uri;TYPE="voice,cell":tel:+1-555-555-0100
        TEL;VALUE=uri;TYPE=work:tel:+33-1-23-45-67-89;ext=102
        PHOTO:data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAA
         ACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWNgIB0AAAA0AAEjQ4N1AAAAAElFTkSuQmCC
        REV:20240101T000000Z
        END:VCARD
        """#

    /// The iPhone export with the CRLF line ends of the real file.
    static var apple: String { crlf(appleRaw) }
    /// The Google export with the CRLF line ends of the real file.
    static var google: String { crlf(googleRaw) }
    /// The Outlook export with the CRLF line ends of the real file.
    static var outlook: String { crlf(outlookRaw) }

    /// The bytes of the 4 × 4 black JPEG embedded in the Apple and Outlook cards.
    static let jpegBase64 = [
        "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/",
        "2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAAR",
        "CAAEAAQDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQID",
        "AAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNk",
        "ZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl",
        "5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAEC",
        "AxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpj",
        "ZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk",
        "5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDz+iiigD//2Q==",
    ].joined()

    /// The bytes of the 4 × 4 black PNG embedded in the 4.0 card.
    static let pngBase64 =
        "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPo"
        + "AAAD6AG1e1JrAAAADElEQVQImWNgIB0AAAA0AAEjQ4N1AAAAAElFTkSuQmCC"

    static func crlf(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: "\r\n")
    }
}
