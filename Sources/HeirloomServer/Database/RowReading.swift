import FluentKit

/// A relation that Fluent fills from its model's own id: `@Children` and `@Siblings`.
protocol ParentIDRelation<ParentID>: AnyObject, AnyProperty {
    associatedtype ParentID
    /// Takes the id of the model it belongs to, as Fluent's `output(from:)` gives it.
    func adopt(parentID: ParentID?)
}

extension ChildrenProperty: ParentIDRelation {
    func adopt(parentID: From.IDValue?) { fromId = parentID }
}

extension SiblingsProperty: ParentIDRelation {
    func adopt(parentID: From.IDValue?) {
        fromId = parentID
        $pivots.fromId = parentID
    }
}

/// A model read often (items, memories, journal cards and tags), which reads its rows without Fluent's detour
/// through empty models. List pages read rows into plain records instead (`ItemRecord`); this serves every
/// other read of these models: a single item, eager loading, exports.
///
/// Fluent's `@Children` and `@Siblings` learn the name of their model's id column by making an empty model of
/// that type for every row they read (`From()._$id`), and throwing it away: an item with three kinds of
/// children was made four times per row, and `make bench-api`'s profile of the item page had half its time in
/// those models' making and unmaking. `readRow(_:)` reads the same row as Fluent's `output(from:)` does, and
/// gives the relations the id it has just read, which is what Fluent's own reading sets them to.
protocol RowReadingModel: Model {
    /// Every property read from a row: `properties` without the relations.
    var columnProperties: [any AnyDatabaseProperty] { get }
    /// The relations filled from this model's id.
    var idRelations: [any ParentIDRelation<IDValue>] { get }
}

extension RowReadingModel {
    /// `properties` for such a model: its columns, then its relations (declared last, in that order, so that
    /// ModelPropertiesTests finds them in reflection's order).
    var rowProperties: [any AnyProperty] {
        columnProperties.map { $0 as any AnyProperty } + idRelations.map { $0 as any AnyProperty }
    }

    /// What Fluent's `output(from:)` does with a row, without making an empty model per relation.
    func readRow(_ output: any DatabaseOutput) throws {
        for property in columnProperties {
            try property.output(from: output)
        }
        if output.contains(_$id.key) {
            for relation in idRelations {
                relation.adopt(parentID: id)
            }
        }
    }
}
