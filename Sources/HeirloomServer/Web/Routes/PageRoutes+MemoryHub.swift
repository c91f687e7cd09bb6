import HeirloomCore
import Vapor

extension PageRoutes {
    /// The memory hub: memories and people.
    func memoryHub() {
        // The memory hub: memories (owners change any, editors their own) and people.
        let memories = MemoryWebController()
        let member = pages(.memories)
        let editor = pages(.memories, .change)
        member.get(.memories, use: memories.index)
        member.get(.memory(.key), use: memories.show)
        editor.get(.memoryNew, use: memories.new)
        editor.upload(.memories, use: memories.create)
        editor.upload(.memoryNew, use: memories.create)
        editor.get(.memoryEdit(.key), use: memories.edit)
        editor.post(.memory(.key), use: memories.update)
        editor.post(.memoryEdit(.key), use: memories.update)
        editor.get(.memoryFaces(.key), use: memories.faces)
        editor.post(.memoryFaces(.key), use: memories.saveFaces)
        editor.get(.memoryDelete(.key), use: memories.confirmDelete)
        editor.post(.memoryDelete(.key), use: memories.delete)
        let people = PeopleWebController()
        member.get(.people, use: people.index)
        member.get(.person(.key), use: people.show)
        editor.post(.people, use: people.create)
        editor.get(.personEdit(.key), use: people.edit)
        editor.post(.person(.key), use: people.update)
        editor.post(.personEdit(.key), use: people.update)
        editor.upload(.personAvatar(.key), use: people.uploadAvatar)
        editor.post(.personAvatarFromFace(.key), use: people.avatarFromFace)
        pages(.household, .change).get(.personDelete(.key), use: people.confirmDelete)
        pages(.household, .change).post(.personDelete(.key), use: people.delete)
    }
}
