import Foundation
import HeirloomCore
import Testing

@Suite("vCard parsing: edge cases")
struct VCardEdgeTests {
    private func card(_ lines: String...) -> String {
        (["BEGIN:VCARD", "VERSION:3.0"] + lines + ["END:VCARD"]).joined(separator: "\r\n") + "\r\n"
    }

    @Test("line ends may be CRLF, LF or CR; folds may start with a space or a tab")
    func lineEndsAndFolds() throws {
        // given
        let crlf = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\n  Miller\r\nEND:VCARD\r\n"
        let lf = "BEGIN:VCARD\nVERSION:3.0\nFN:Ann\n\t Miller\nEND:VCARD"
        let cr = "BEGIN:VCARD\rVERSION:3.0\rFN:Ann \r Miller\rEND:VCARD\r"

        // when
        let names = [crlf, lf, cr].map { VCardParser.parse($0).first?.contact?.fullName }

        // then
        #expect(names == ["Ann Miller", "Ann Miller", "Ann Miller"])
    }

    @Test("a fold in the middle of a multi-byte character is joined before the text is decoded")
    func foldInsideCharacter() {
        // given
        var bytes = Array("BEGIN:VCARD\r\nFN:Ren".utf8) + [0xC3]
        bytes += Array("\r\n ".utf8) + [0xA9] + Array("e Blanc\r\nEND:VCARD\r\n".utf8)

        // when
        let results = VCardParser.parse(Data(bytes))

        // then
        #expect(results.first?.contact?.fullName == "Renée Blanc")
    }

    @Test("escaped commas, semicolons, backslashes and newlines are resolved; N's parts are split first")
    func escapes() {
        // given
        let text = card(#"N:O\;Hara;Mary\, Jo;;Dr.;"#, #"EMAIL:mailto:mj@example.com"#)
        let formatted = card(#"FN:Smith\, John \\ Jr.\nSenior"#)

        // when
        let fromN = VCardParser.parse(text).first?.contact
        let fromFN = VCardParser.parse(formatted).first?.contact

        // then
        #expect(fromN?.fullName == "Dr. Mary, Jo O;Hara")
        #expect(fromN?.emails.first?.address == "mj@example.com")
        #expect(fromFN?.fullName == #"Smith, John \ Jr. Senior"#)
    }

    @Test("without FN the name is built from N: prefix, given, additional, family, suffix")
    func nameFromParts() {
        // given
        let text = card("N:Miller;Ann;Marie,Louise;Dr.;Jr.", "FN:   ")

        // when
        let name = VCardParser.parse(text).first?.contact?.fullName

        // then
        #expect(name == "Dr. Ann Marie Louise Miller Jr.")
    }

    @Test("TYPE lists may be comma-separated, repeated, quoted or bare, in any case")
    func typeForms() {
        // given
        let text = card(
            "FN:Ann", "TEL;TYPE=HOME,WORK:1", "TEL;type=home;type=pref:2", #"TEL;TYPE="voice,cell":3"#, "TEL;WORK;FAX:4"
        )

        // when
        let phones = VCardParser.parse(text).first?.contact?.phones ?? []

        // then
        #expect(phones.map(\.types) == [["home", "work"], ["home", "pref"], ["voice", "cell"], ["work", "fax"]])
    }

    @Test("quoted-printable: lower-case hex, soft breaks, a stray = and a Latin-1 charset")
    func quotedPrintable() {
        // given
        let utf8 = card("FN;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Ren=c3=a9e =", "Blanc =3D=ZZ")
        let latin1 = card("FN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:Jos=E9 Garc=EDa")

        // when
        let names = [utf8, latin1].map { VCardParser.parse($0).first?.contact?.fullName }

        // then
        #expect(names == ["Renée Blanc ==ZZ", "José García"])
    }

    @Test("a file in Windows-1252 or UTF-16 is read")
    func otherEncodings() {
        // given
        let cp1252 =
            Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=Windows-1252:Fran".utf8) + [0xE7]
            + Array("ois;Ren".utf8) + [0xE9] + Array("\r\nEND:VCARD\r\n".utf8)
        var utf16 = Data([0xFF, 0xFE])
        utf16.append(card("FN:Zoë Ångström").data(using: .utf16LittleEndian)!)

        // when
        let names = [Data(cp1252), utf16].map { VCardParser.parse($0).first?.contact?.fullName }

        // then
        #expect(names == ["René François", "Zoë Ångström"])
    }

    @Test("a card without END:VCARD is refused with its name, and the cards after it are still read")
    func missingEnd() {
        // given
        let text = "BEGIN:VCARD\r\nFN:Cut Off\r\nBEGIN:VCARD\r\nFN:Whole\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:Last One\r\n"

        // when
        let results = VCardParser.parse(text)

        // then
        #expect(results.count == 3)
        #expect(results[0].rejection == VCardRejection(index: 0, name: "Cut Off", reason: .missingEnd))
        #expect(results[1].contact?.fullName == "Whole")
        #expect(results[2].rejection == VCardRejection(index: 2, name: "Last One", reason: .missingEnd))
        #expect(results[2].rejection?.reason.message.contains("END:VCARD") == true)
    }

    @Test("a bad photo is skipped and the card is kept")
    func badPhotos() {
        // given
        let texts = [
            card("FN:Ann", "PHOTO;ENCODING=b;TYPE=JPEG:!!!not base64!!!"),
            card(
                "FN:Ann",
                "PHOTO;ENCODING=BASE64;TYPE=JPEG:" + Data("plain text, not an image".utf8).base64EncodedString()),
            card("FN:Ann", "PHOTO:data:image/jpeg,%FF%D8"),
            card("FN:Ann", "PHOTO;VALUE=uri:https://example.com/ann.jpg"),
            card("FN:Ann", "PHOTO;ENCODING=b:"),
        ]

        // when
        let contacts = texts.map { VCardParser.parse($0).first?.contact }

        // then
        for contact in contacts {
            #expect(contact?.fullName == "Ann")
            #expect(contact?.photo == nil)
        }
    }

    @Test("base64 without padding is read, and the media type comes from the bytes, not the TYPE")
    func unpaddedPhoto() {
        // given
        let png = VCardFixtures.pngBase64.replacingOccurrences(of: "=", with: "")
        let text = card("FN:Ann", "PHOTO;ENCODING=b;TYPE=JPEG:" + png)

        // when
        let photo = VCardParser.parse(text).first?.contact?.photo

        // then
        #expect(photo?.mediaType == "image/png")
        #expect(photo?.data == Data(base64Encoded: VCardFixtures.pngBase64))
    }

    @Test("unknown properties, lines without a colon, lower-case markers and text outside cards are ignored")
    func noise() {
        // given
        let text = """
            Exported by a very old phone
            begin:vcard
            version:3.0
            this line has no colon
            X-CUSTOM;FOO=bar:baz
            fn:Ann Miller
            SOCIALPROFILE;type=twitter:x-apple:annm
            end:vcard
            trailing words
            """

        // when
        let results = VCardParser.parse(text)

        // then
        #expect(results == [.contact(ParsedContact(fullName: "Ann Miller"))])
    }

    @Test("a name longer than a beneficiary's may be is refused; an empty file gives no results")
    func limits() {
        // given
        let long = card("FN:" + String(repeating: "a", count: 201))

        // when
        let results = VCardParser.parse(long)

        // then
        #expect(results.first?.rejection?.reason == .nameTooLong)
        #expect(VCardParser.parse("").isEmpty)
        #expect(VCardParser.parse("\u{FEFF}no cards here").isEmpty)
    }

    @Test("a card with UID uses it; Apple's X-ABUID is the fallback")
    func uid() {
        // given
        let both = card("FN:Ann", "X-ABUID:ABC:ABPerson", "UID:1234-5678")

        // when
        let contact = VCardParser.parse(both).first?.contact

        // then
        #expect(contact?.uid == "1234-5678")
    }
}
