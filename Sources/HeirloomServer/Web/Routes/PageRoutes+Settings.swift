import HeirloomCore
import Vapor

extension PageRoutes {
    /// Settings: one's own sessions, password and phones; the household for owners.
    func settings() {
        // Settings: one's own sessions, password and phones; the household for owners.
        let settings = SettingsWebController()
        let devices = DeviceWebController()
        let member = pages(.settings)
        let owner = pages(.household, .change)
        member.get(.settings, use: settings.index)
        member.post(.settingsTokenRevoke(.key), use: settings.revokeToken)
        member.post(.settingsPassword, use: settings.changePassword)
        member.get(.devices, use: devices.index)
        member.post(.devices, use: devices.pair)
        member.post(.deviceRevoke(.key), use: devices.revoke)
        owner.post(.settingsHousehold, use: settings.renameHousehold)
        owner.post(.settingsMemberRole(.key), use: settings.changeRole)
        owner.get(.settingsMemberRemove(.key), use: settings.confirmRemoval)
        owner.post(.settingsMemberRemove(.key), use: settings.removeMember)
        owner.post(.settingsMemberPasswordLink(.key), use: settings.makePasswordLink)
        owner.post(.settingsInvitations, use: settings.invite)
        owner.post(.settingsInvitationRevoke(.key), use: settings.revokeInvitation)
    }
}
