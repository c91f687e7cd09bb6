import Fluent
import Testing

@testable import HeirloomServer

/// The models read on every list page name their Fluent properties by hand (`var properties`), so that Fluent
/// does not find them by reflection for every row. A property missing from such a list would silently not be
/// read or written: each list must be exactly what reflection finds, in the same order.
@Suite("Hand-written model property lists")
struct ModelPropertiesTests {
    @Test("each hand-written list is every property of its model, in order")
    func listsAreComplete() {
        check(Item.self)
        check(ItemPhoto.self)
        check(ItemDocument.self)
        check(ItemAudio.self)
        check(MediaObject.self)
        check(Memory.self)
        check(MemoryPerson.self)
        check(MemoryMedia.self)
        check(FaceTag.self)
        check(Person.self)
        check(JournalCard.self)
        check(JournalTag.self)
        check(JournalCardTag.self)
        check(JournalDrawer.self)
        check(User.self)
        check(Household.self)
        check(AuthToken.self)
        check(Estate.self)
    }

    @Test("a model that reads its own rows reads every column and fills every relation of `properties`")
    func rowReadingListsAreComplete() {
        checkRowReading(Item.self)
        checkRowReading(Memory.self)
        checkRowReading(JournalCard.self)
        checkRowReading(JournalTag.self)
    }

    private func checkRowReading<M: RowReadingModel>(_: M.Type) {
        // given a fresh model
        let model = M()
        // when its columns and relations are put together
        let columns = model.columnProperties.map { ObjectIdentifier($0 as AnyObject) }
        let relations = model.idRelations.map { ObjectIdentifier($0 as AnyObject) }
        let listed = Set(model.properties.map { ObjectIdentifier($0 as AnyObject) })
        // then they are `properties`, each once, and no column is a relation
        #expect(Set(columns + relations) == listed, "\(M.self): columns and relations differ from its properties")
        #expect(columns.count + relations.count == listed.count, "\(M.self) lists a property twice")
        #expect(!model.columnProperties.contains { $0 is any ParentIDRelation }, "\(M.self) reads a relation")
    }

    private func check<M: Fields>(_: M.Type) {
        // given a fresh model
        let model = M()
        // when its list and reflection are compared
        let listed = model.properties.map { ObjectIdentifier($0 as AnyObject) }
        let reflected = Mirror(reflecting: model).children.compactMap { $0.value as? any AnyProperty }
            .map { ObjectIdentifier($0 as AnyObject) }
        // then they name the same property objects
        #expect(!listed.isEmpty)
        #expect(listed == reflected, "\(M.self) lists \(listed.count) properties; reflection finds \(reflected.count)")
    }
}
