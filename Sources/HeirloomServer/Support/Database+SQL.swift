import Fluent
import SQLKit

extension Database {
    /// This database as SQLKit sees it; both of Heirloom's drivers are SQL databases.
    func sql() throws -> any SQLDatabase {
        guard let sql = self as? any SQLDatabase else {
            throw AppError.internalProblem("The database driver does not speak SQL.")
        }
        return sql
    }
}
