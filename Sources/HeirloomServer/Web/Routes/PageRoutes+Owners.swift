import HeirloomCore
import Vapor

extension PageRoutes {
    /// The owners' own pages: the Treasure Chest app's phones and partners, the export, the hub's set-up.
    func forOwners() {
        // The Legacy Treasure Chest app: owners approve its phones and keep the partner directory it answers from.
        let gatewayDevices = TreasureChestDeviceWebController()
        let owner = pages(.household, .change)
        owner.post(.gatewayDevices, use: gatewayDevices.approveEntered)
        owner.post(.gatewayDeviceApprove(.key), use: gatewayDevices.approve)
        owner.post(.gatewayDeviceRefuse(.key), use: gatewayDevices.refuse)
        owner.post(.gatewayDeviceRemove(.key), use: gatewayDevices.remove)
        owner.post(.gatewayDeviceReplace(.key), use: gatewayDevices.replace)
        owner.post(.gatewayDeviceQuota(.key), use: gatewayDevices.setQuota)
        let partners = PartnerWebController()
        let partnerOwner = pages(.household, hidingAs: "partner")
        partnerOwner.get(.partners, use: partners.index)
        partnerOwner.get(.partnerNew, use: partners.new)
        partnerOwner.post(.partners, use: partners.create)
        partnerOwner.post(.partnerNew, use: partners.create)
        partnerOwner.get(.partnerEdit(.key), use: partners.edit)
        partnerOwner.post(.partner(.key), use: partners.update)
        partnerOwner.post(.partnerEdit(.key), use: partners.update)
        partnerOwner.get(.partnerDelete(.key), use: partners.confirmDelete)
        partnerOwner.post(.partnerDelete(.key), use: partners.delete)
        pages(.household, hidingAs: "page").get(.settingsExport, use: ExportController().index)
        pages(.household, hidingAs: "page").get(.hubSetup, use: HubSetupPage.show)
        owner.post(.gettingStartedDismiss, use: GettingStartedController().dismiss)
    }
}
