import Foundation

/// PostgreSQL databases that tests have finished with, emptied back to the migrated template's state for the
/// next test to take. Emptying one (a DELETE of tables that are mostly empty) costs a fraction of making one:
/// `CREATE DATABASE … TEMPLATE` copies the files of every table and index, and with its DROP it was a third of
/// the PostgreSQL server's time in the suite. A database whose shape a test changed (a migration reverted, say) is
/// dropped instead of kept.
actor CleanDatabases {
    static let shared = CleanDatabases()

    private var free: [String] = []
    private var templateShape: String?

    /// A clean database, if one is waiting.
    func take() -> String? { free.popLast() }

    /// Empties `name` for the next test, or drops it when its tables, indexes, constraints, types or migrations are
    /// no longer the template's.
    func giveBack(_ name: String) async throws {
        guard let adminURL = TestDatabase.adminURL else { return }
        let url = try TestDatabase.databaseURL(adminURL, name: name)
        let template = try await templateShapeOnce(adminURL)
        let shape = try? await TestDatabase.rows(Self.shapeQuery, url: url).first
        guard shape == template else {
            try await TestDatabase.run("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", adminURL: adminURL)
            return
        }
        _ = try await TestDatabase.rows(Self.emptying, url: url)
        free.append(name)
    }

    private func templateShapeOnce(_ adminURL: String) async throws -> String {
        if let templateShape { return templateShape }
        let template = try await TemplateDatabase.postgres.value
        let url = try TestDatabase.databaseURL(adminURL, name: template)
        let shape = try await TestDatabase.rows(Self.shapeQuery, url: url).first ?? ""
        templateShape = shape
        return shape
    }

    /// One text that changes with any column, index, constraint, enumerated type or migration of the database.
    static let shapeQuery = """
        SELECT md5(
          coalesce((SELECT string_agg(table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable
                      || ' ' || coalesce(column_default, ''), ',' ORDER BY table_name, column_name)
                    FROM information_schema.columns WHERE table_schema = 'public'), '')
          || coalesce((SELECT string_agg(indexdef, ',' ORDER BY indexdef) FROM pg_indexes
                       WHERE schemaname = 'public'), '')
          || coalesce((SELECT string_agg(conname || pg_get_constraintdef(oid), ',' ORDER BY conname)
                       FROM pg_constraint WHERE connamespace = 'public'::regnamespace), '')
          || coalesce((SELECT string_agg(t.typname || ':' || e.enumlabel, ',' ORDER BY t.typname, e.enumsortorder)
                       FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid), '')
          || coalesce((SELECT string_agg(name, ',' ORDER BY name) FROM _fluent_migrations), '')
        )::text
        """

    /// Every row but the migrations' gone, every sequence back at its start; foreign keys are not checked while it
    /// runs (the tables are emptied in any order), which takes the superuser the test server's role is.
    static let emptying = """
        DO $$
        DECLARE item record;
        BEGIN
          PERFORM set_config('session_replication_role', 'replica', true);
          FOR item IN SELECT quote_ident(tablename) AS name FROM pg_tables
                      WHERE schemaname = 'public' AND tablename <> '_fluent_migrations' LOOP
            EXECUTE 'DELETE FROM ' || item.name;
          END LOOP;
          FOR item IN SELECT c.oid::regclass::text AS name FROM pg_class c
                      JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind = 'S' AND n.nspname = 'public' LOOP
            PERFORM setval(item.name, 1, false);
          END LOOP;
        END $$
        """
}
