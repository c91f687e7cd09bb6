import HeirloomCore
import Vapor

extension PageRoutes {
    /// Selling: briefs and plans, sales, their lots and checklists.
    func sales() {
        // Downsizing: an item's liquidation brief and plan; sales, their lots and each lot's checklist. Everyone
        // reads them; owners and editors make briefs, choose paths, tick steps and plan sales.
        let liquidation = LiquidationWebController()
        let editor = pages(.values, .change)
        pages(.values, hidingAs: "item").get(.itemLiquidation(.key), use: liquidation.showItem)
        editor.post(.itemLiquidation(.key), use: liquidation.briefItem)
        editor.post(.itemLiquidationPlan(.key), use: liquidation.planItem)
        editor.post(.itemLiquidationStep(.key, .key), use: liquidation.stepItem)
        pages(.values, hidingAs: "set").get(.setLiquidation(.key), use: liquidation.showSet)
        editor.post(.setLiquidation(.key), use: liquidation.briefSet)
        editor.post(.setLiquidationPlan(.key), use: liquidation.planSet)
        editor.post(.setLiquidationStep(.key, .key), use: liquidation.stepSet)
        let sales = SaleWebController()
        pages(.values, hidingAs: "sale").get(.sales, use: sales.index)
        editor.post(.sales, use: sales.create)
        editor.post(.salesFromUndecided, use: sales.fromUndecided)
        pages(.values, hidingAs: "sale").get(.sale(.key), use: sales.show)
        editor.post(.saleLots(.key), use: sales.createLot)
        pages(.values, hidingAs: "lot").get(.lot(.key), use: sales.showLot)
        editor.post(.lot(.key), use: sales.updateLot)
        editor.get(.saleDelete(.key), use: sales.confirmDelete)
        editor.post(.saleDelete(.key), use: sales.delete)
        editor.get(.lotDelete(.key), use: sales.confirmDeleteLot)
        editor.post(.lotDelete(.key), use: sales.deleteLot)
        editor.get(.lotEmpty(.key), use: sales.confirmEmptyLot)
        editor.post(.lotEmpty(.key), use: sales.emptyLot)
    }
}
