import Fluent

/// The estate binder (issue 31): entries, their papers, the sections' defaults, the executors' ticks, and the
/// yearly look over it all.
struct CreateBinder: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(BinderEntry.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("section", .string, .required)
            .field("title", .string, .required)
            .field("text", .string, .required)
            .field("fields", .string, .required)
            .field("visibility", .string)
            .field("review_on", .string)
            .field("review_noticed_on", .string)
            .field("author_id", .uuid, .references(User.schema, .id, onDelete: .setNull))
            .field("created_at", .datetime)
            .field("updated_at", .datetime)
            .create()
        try await database.schema(BinderSectionSetting.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("section", .string, .required)
            .field("visibility", .string, .required)
            .unique(on: "household_id", "section")
            .create()
        try await database.schema(BinderDocument.schema)
            .id()
            .field("entry_id", .uuid, .required, .references(BinderEntry.schema, .id, onDelete: .cascade))
            .field("media_id", .uuid, .required, .references(MediaObject.schema, .id, onDelete: .cascade))
            .field("created_at", .datetime)
            .create()
        try await database.schema(BinderTick.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("task_key", .string, .required)
            .field("ticked_by", .string, .required)
            .field("ticked_at", .datetime, .required)
            .unique(on: "household_id", "task_key")
            .create()
        try await database.schema(BinderLook.schema)
            .id()
            .field("household_id", .uuid, .required, .references(Household.schema, .id, onDelete: .cascade))
            .field("looked_at", .datetime)
            .field("asked_at", .datetime)
            .unique(on: "household_id")
            .create()
        try await database.schema(ExecutorAddressCheck.schema)
            .id()
            .field("executor_id", .uuid, .required, .references(Executor.schema, .id, onDelete: .cascade))
            .field("asked_at", .datetime)
            .field("confirmed_at", .datetime)
            .unique(on: "executor_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        for schema in [
            ExecutorAddressCheck.schema, BinderLook.schema, BinderTick.schema, BinderDocument.schema,
            BinderSectionSetting.schema, BinderEntry.schema,
        ] {
            try await database.schema(schema).delete()
        }
    }
}

/// The binder (issue 31): which beneficiary was told of which entry released to them.
struct CreateBinderNotice: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(BinderNotice.schema)
            .id()
            .field("entry_id", .uuid, .required, .references(BinderEntry.schema, .id, onDelete: .cascade))
            .field("beneficiary_id", .uuid, .required, .references(Beneficiary.schema, .id, onDelete: .cascade))
            .field("told_at", .datetime, .required)
            .unique(on: "entry_id", "beneficiary_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(BinderNotice.schema).delete()
    }
}
