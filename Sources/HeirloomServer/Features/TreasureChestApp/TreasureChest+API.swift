import HeirloomAPI
import Vapor

// The Legacy Treasure Chest gateway's operations are tagged Compatibility, which the generator includes, but
// `TreasureChestDivertMiddleware` answers every one of them before the generated decoding (the app's bodies are read
// with its own models, HeirloomCore's Gateway types, and answered in its shapes). These are never reached.
extension APIHandler {
    func treasureChestAnalyzeItemText(_ input: Operations.TreasureChestAnalyzeItemText.Input) async throws
        -> Operations.TreasureChestAnalyzeItemText.Output
    { throw Self.servedByTreasureChest }

    func treasureChestSummarizeAudio(_ input: Operations.TreasureChestSummarizeAudio.Input) async throws
        -> Operations.TreasureChestSummarizeAudio.Output
    { throw Self.servedByTreasureChest }

    func treasureChestLiquidationBrief(_ input: Operations.TreasureChestLiquidationBrief.Input) async throws
        -> Operations.TreasureChestLiquidationBrief.Output
    { throw Self.servedByTreasureChest }

    func treasureChestLiquidationPlan(_ input: Operations.TreasureChestLiquidationPlan.Input) async throws
        -> Operations.TreasureChestLiquidationPlan.Output
    { throw Self.servedByTreasureChest }

    func treasureChestSearchPartners(_ input: Operations.TreasureChestSearchPartners.Input) async throws
        -> Operations.TreasureChestSearchPartners.Output
    { throw Self.servedByTreasureChest }

    private static var servedByTreasureChest: AppError {
        AppError.internalProblem("the Legacy Treasure Chest gateway answers this call in TreasureChestDivertMiddleware")
    }
}
