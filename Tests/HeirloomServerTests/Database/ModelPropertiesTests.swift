import Fluent
import SQLKit
import Testing

@testable import HeirloomServer

/// The models read on every list page name their Fluent properties by hand (`var properties`), so that Fluent
/// does not find them by reflection for every row. A property missing from such a list would silently not be
/// read or written: each list must be exactly what reflection finds, in the same order. The models are the
/// server's own registry (`ModelRegistry`), which must have every model whose table the migrations make.
@Suite("Hand-written model property lists match what reflection finds")
struct ModelPropertiesTests {
    @Test("each model's properties are every property reflection finds, in order")
    func listsAreComplete() {
        for model in ModelRegistry.all {
            check(model)
        }
    }

    @Test("a model that reads its own rows reads every column and fills every relation of `properties`")
    func rowReadingListsAreComplete() {
        let rowReading = ModelRegistry.all.compactMap { $0 as? any RowReadingModel.Type }
        #expect(rowReading.count >= 4)
        for model in rowReading {
            checkRowReading(model)
        }
    }

    @Test("every table the migrations make is a registered model's, each model's once")
    func registryHasEveryModel() async throws {
        try await withApp { app in
            // given the migrated database's tables
            let sql = try #require(app.db as? any SQLDatabase)
            let tables: [String]
            if sql.dialect.name == "sqlite" {
                tables = try await sql.raw("SELECT name FROM sqlite_master WHERE type = 'table'").all()
                    .map { try $0.decode(column: "name", as: String.self) }
            } else {
                tables = try await sql.raw("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()").all()
                    .map { try $0.decode(column: "tablename", as: String.self) }
            }
            // when the tables that are no model's are set aside: Fluent's record of migrations, SQLite's own, and
            // the items' full-text index (a virtual table and the tables behind it)
            let modelTables = Set(
                tables.filter { table in
                    table != "_fluent_migrations" && !table.hasPrefix("sqlite_") && !table.hasPrefix("items_fts")
                })
            // then each is a registered model's, and no two models share one
            let schemas = ModelRegistry.all.map { $0.schema }
            #expect(Set(schemas) == modelTables, "tables without a registered model, or models without a table")
            #expect(schemas.count == Set(schemas).count, "a model is registered twice")
        }
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
