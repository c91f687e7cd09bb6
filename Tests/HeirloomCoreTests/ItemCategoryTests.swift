import HeirloomCore
import Testing

@Suite("Item categories")
struct ItemCategoryTests {
    @Test("the canonical categories, in order, store their display names")
    func canonical() {
        #expect(
            ItemCategory.allCases.map(\.rawValue) == [
                "Art", "Furniture", "Jewelry", "Collectibles", "Rug", "Luggage", "Decor", "China & Crystal",
                "Luxury Personal Items", "Tools", "Clothing", "Electronics", "Appliances", "Documents & Papers",
                "Other",
            ])
        #expect(ItemCategory.allCases.allSatisfy { ItemCategory.normalise($0.displayName) == $0 })
        #expect(ItemCategory(rawValue: "China & Crystal") == .chinaAndCrystal)
    }

    @Test(
        "older and free-form values become canonical ones",
        arguments: [
            ("rugs", ItemCategory.rug), ("china", .chinaAndCrystal), ("jewellery", .jewelry), ("Jewelry", .jewelry),
            ("  JEWELRY ", .jewelry), ("china and crystal", .chinaAndCrystal), ("China&Crystal", .chinaAndCrystal),
            ("china / crystal", .chinaAndCrystal), ("luxury personal item", .luxuryPersonalItems),
            ("Luxury  Personal  Items", .luxuryPersonalItems), ("tool", .tools), ("collectables", .collectibles),
            ("Décor", .decor), ("home décor", .decor), ("paintings", .art), ("painting", .art), ("prints", .art),
            ("chair", .furniture), ("tables", .furniture), ("dresser", .furniture), ("chest of drawers", .furniture),
            ("watch", .jewelry), ("watches", .jewelry), ("ring", .jewelry), ("necklaces", .jewelry),
            ("crystal", .chinaAndCrystal), ("porcelain", .chinaAndCrystal), ("glassware", .chinaAndCrystal),
            ("dishes", .chinaAndCrystal), ("suitcase", .luggage), ("trunk", .luggage), ("lamps", .decor),
            ("vase", .decor), ("mirror", .decor), ("handbag", .luxuryPersonalItems), ("purses", .luxuryPersonalItems),
            ("hammer", .tools), ("drill", .tools), ("coins", .collectibles), ("stamps", .collectibles),
            ("toys", .collectibles), ("Persian rug", .rug), ("oil painting", .art),
            ("antique china cabinet", .furniture),
            ("men's pocket watch", .jewelry), ("sterling silver", .chinaAndCrystal), ("jewelries", .jewelry),
            ("clothes", .clothing), ("wedding dress", .clothing), ("wool coats", .clothing),
            ("fur coat", .luxuryPersonalItems),
            ("shoes", .clothing), ("TV", .electronics), ("record player", .electronics), ("cameras", .electronics),
            ("refrigerator", .appliances), ("sewing machine", .appliances), ("stand mixer", .appliances),
            ("documents & papers", .documentsAndPapers), ("Documents and Papers", .documentsAndPapers),
            ("letters", .documentsAndPapers), ("old deeds", .documentsAndPapers), ("photo albums", .documentsAndPapers),
            ("records", .collectibles), ("game console", .electronics), ("console", .furniture),
        ])
    func normalises(raw: String, expected: ItemCategory) {
        #expect(ItemCategory.normalise(raw) == expected)
    }

    @Test("anything unknown, blank or punctuation is Other", arguments: ["", "   ", "&", "misc.", "spaceship", "123"])
    func unknown(raw: String) {
        #expect(ItemCategory.normalise(raw) == .other)
    }
}

@Suite("Relationships")
struct RelationshipTests {
    @Test(
        "common relationships are matched in any case, spacing or plural and stored in their canonical spelling",
        arguments: [
            ("son", Relationship.son), ("  DAUGHTER ", .daughter), ("grand child", .grandchild),
            ("Grandchildren", .grandchild), ("grandson", .grandchild), ("Granddaughter", .grandchild),
            ("niece", .niece), ("NEPHEWS", .nephew), ("sibling", .sibling), ("Brother", .sibling),
            ("sister", .sibling), ("friend", .friend), ("Friends", .friend), ("other", .other),
        ])
    func known(raw: String, expected: Relationship) throws {
        // when
        let relationship = try Relationship.normalise(raw)

        // then
        #expect(relationship == expected)
        #expect(relationship.map { Relationship(storedValue: $0.storedValue) } == expected)
    }

    @Test("custom text keeps its own capitals, loses extra spaces and may have 60 characters")
    func custom() throws {
        // given
        let raw = "  my   late husband's\tgoddaughter "

        // when
        let relationship = try Relationship.normalise(raw)

        // then
        #expect(relationship == .custom("my late husband's goddaughter"))
        #expect(relationship?.isCustom == true)
        #expect(try Relationship.normalise("McAllister family")?.storedValue == "McAllister family")
        #expect(try Relationship.normalise(String(repeating: "x", count: 60))?.storedValue.count == 60)
        #expect(Relationship(storedValue: "Neighbour") == .custom("Neighbour"))
        #expect(Relationship(storedValue: "Son") == .son)
    }

    @Test("blank is no relationship; more than 60 characters is refused with the field named")
    func limits() throws {
        #expect(try Relationship.normalise("  \n ") == nil)
        let error = #expect(throws: FieldError.self) {
            try Relationship.normalise(String(repeating: "x", count: 61))
        }
        #expect(error?.field == "relationship")
    }

    @Test("the picker lists the common relationships in order")
    func picker() {
        #expect(
            Relationship.known.map(\.storedValue) == [
                "Son", "Daughter", "Grandchild", "Niece", "Nephew", "Sibling", "Friend", "Other",
            ])
    }
}
