import Fluent

/// Remembers which phone sent a memory (the Memory Palace app sends its name and shows it back).
struct AddDeviceNameToMemory: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(Memory.schema).field("device_name", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(Memory.schema).deleteField("device_name").update()
    }
}
