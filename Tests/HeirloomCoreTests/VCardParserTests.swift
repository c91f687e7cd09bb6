import Foundation
import HeirloomCore
import Testing

@Suite("vCard parsing: real exports")
struct VCardExportTests {
    @Test("an iPhone export: grouped labels, type=pref, escapes, accents, a folded JPEG photo and a company card")
    func appleContacts() throws {
        // given
        let file = VCardFixtures.apple

        // when
        let results = VCardParser.parse(file)

        // then
        #expect(results.count == 3)
        let ann = try #require(results[0].contact)
        #expect(ann.fullName == "Ann Marie Miller")
        #expect(ann.uid == nil)
        #expect(
            ann.emails == [
                ContactEmail(address: "ann.miller@example.com", types: ["pref"], label: "Other"),
                ContactEmail(address: "ann@home.example", types: ["home"]),
            ])
        #expect(ann.preferredEmail == "ann.miller@example.com")
        #expect(ann.phones.map(\.number) == ["(555) 555-0142", "+1 (555) 555-0199"])
        #expect(ann.phones[0].types == ["cell", "voice", "pref"])
        #expect(ann.preferredPhone == "(555) 555-0142")
        let photo = try #require(ann.photo)
        #expect(photo.mediaType == "image/jpeg")
        #expect(photo.data == Data(base64Encoded: VCardFixtures.jpegBase64))

        let helene = try #require(results[1].contact)
        #expect(helene.fullName == "Hélène Dupré")
        #expect(helene.uid == "5A3C0C4E-2B1D-4F6A-9E51-0C7D5B8A9F21:ABPerson")
        #expect(helene.phones == [ContactPhone(number: "+33 6 12 34 56 78", label: "Cottage")])
        #expect(helene.emails.isEmpty && helene.photo == nil)

        let company = try #require(results[2].contact)
        #expect(company.fullName == "Lakeside Antiques")
        #expect(company.preferredEmail == "hello@lakeside.example")
    }

    @Test(
        "a Google export: TYPE=INTERNET;TYPE=HOME, Apple-style labels, a linked photo skipped, a nameless card refused")
    func googleContacts() throws {
        // given
        let file = VCardFixtures.google

        // when
        let results = VCardParser.parse(file)

        // then
        #expect(results.count == 4)
        let bob = try #require(results[0].contact)
        #expect(bob.fullName == "Robert Jones")
        #expect(
            bob.emails == [
                ContactEmail(address: "bob.jones@example.com", types: ["home"]),
                ContactEmail(address: "robert.jones@work.example", types: ["work"]),
                ContactEmail(address: "bobby@example.org", types: [], label: "Other"),
            ])
        #expect(bob.phones == [ContactPhone(number: "+1 555-555-0123", types: ["cell"])])
        #expect(bob.photo == nil, "a photo given as a link is not fetched")

        let sofia = try #require(results[1].contact)
        #expect(sofia.fullName == "Sofía Pérez")
        #expect(sofia.preferredPhone == "+34 612 34 56 78")

        #expect(results[2].rejection == VCardRejection(index: 2, name: nil, reason: .missingName))

        let peg = try #require(results[3].contact)
        #expect(peg.emails == [ContactEmail(address: "PEG.ONEIL@Example.COM", types: [], label: "Cottage")])
    }

    @Test("an Outlook 2.1 export: bare parameters, quoted-printable names and soft breaks, an indented base64 photo")
    func outlook() throws {
        // given
        let file = VCardFixtures.outlook

        // when
        let results = VCardParser.parse(file)

        // then
        #expect(results.count == 2)
        let jurgen = try #require(results[0].contact)
        #expect(jurgen.fullName == "Jürgen Müller")
        #expect(jurgen.emails == [ContactEmail(address: "jurgen.muller@contoso.example", types: ["pref"])])
        #expect(jurgen.phones.map(\.types) == [["work", "voice"], ["cell", "voice"]])
        #expect(jurgen.preferredPhone == "(555) 555-0177", "with nothing preferred, the mobile number is chosen")
        #expect(jurgen.photo?.data == Data(base64Encoded: VCardFixtures.jpegBase64))

        let bjorn = try #require(results[1].contact)
        #expect(bjorn.fullName == "Björn Åström")
        #expect(bjorn.preferredEmail == "bjorn@example.se")
        #expect(bjorn.phones.first?.types == ["home", "voice"])
    }

    @Test("a 4.0 card: UID URN, PREF=1, a tel: URI with quoted TYPE list, a data: URI photo")
    func version4() throws {
        // given
        let file = VCardFixtures.version4

        // when
        let results = VCardParser.parse(file)

        // then
        let emile = try #require(results.first?.contact)
        #expect(results.count == 1)
        #expect(emile.uid == "urn:uuid:4fbe8971-0bc3-424c-9c26-36c3e1eff6b1")
        #expect(emile.fullName == "Émile Zola")
        #expect(emile.emails.first == ContactEmail(address: "emile@example.fr", types: ["home", "pref"]))
        #expect(emile.preferredEmail == "emile@example.fr")
        #expect(
            emile.phones == [
                ContactPhone(number: "+1-555-555-0100", types: ["voice", "cell"]),
                ContactPhone(number: "+33-1-23-45-67-89;ext=102", types: ["work"]),
            ])
        #expect(
            emile.photo == ContactPhoto(data: Data(base64Encoded: VCardFixtures.pngBase64)!, mediaType: "image/png"))
    }

    @Test("all three exports in one file, with a byte order mark and blank lines between them, give every card")
    func concatenated() {
        // given
        let file = "\u{FEFF}" + VCardFixtures.apple + "\r\n\r\n" + VCardFixtures.google + "\n" + VCardFixtures.version4

        // when
        let results = VCardParser.parse(Data(file.utf8))

        // then
        #expect(results.count == 8)
        #expect(results.compactMap(\.contact).map(\.fullName).first == "Ann Marie Miller")
        #expect(results.compactMap(\.rejection).map(\.index) == [5])
    }
}
