import Foundation
import HeirloomAPI
import HeirloomCore
import Vapor

extension APIHandler {
    func getItemLiquidationBrief(_ input: Operations.GetItemLiquidationBrief.Input) async throws
        -> Operations.GetItemLiquidationBrief.Output
    {
        let principal = try principal
        try principal.requireSeesValues(hidingAs: "item")
        let view = try await request.heirloom.liquidation.show(
            .item(try uuid(input.path.id, "item")), householdID: principal.householdID)
        return .ok(.init(body: .json(try .init(view))))
    }

    func makeItemLiquidationBrief(_ input: Operations.MakeItemLiquidationBrief.Input) async throws
        -> Operations.MakeItemLiquidationBrief.Output
    {
        var inputs: LiquidationInputs?
        if case .json(let body)? = input.body { inputs = try LiquidationInputs(body) }
        let view = try await request.heirloom.liquidation.makeBrief(
            .item(try uuid(input.path.id, "item")), inputs: inputs, by: try principal)
        return .created(.init(body: .json(try .init(view))))
    }

    func makeItemLiquidationPlan(_ input: Operations.MakeItemLiquidationPlan.Input) async throws
        -> Operations.MakeItemLiquidationPlan.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let view = try await request.heirloom.liquidation.makePlan(
            .item(try uuid(input.path.id, "item")), chosenPath: try LiquidationPath(body.chosenPath),
            by: try principal)
        return .created(.init(body: .json(try .init(view))))
    }

    func updateItemLiquidationStep(_ input: Operations.UpdateItemLiquidationStep.Input) async throws
        -> Operations.UpdateItemLiquidationStep.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let view = try await request.heirloom.liquidation.updateStep(
            .item(try uuid(input.path.id, "item")), stepID: try uuid(input.path.stepId, "step"), done: body.done,
            note: body.note, by: try principal)
        return .ok(.init(body: .json(try .init(view))))
    }

    func getSetLiquidationBrief(_ input: Operations.GetSetLiquidationBrief.Input) async throws
        -> Operations.GetSetLiquidationBrief.Output
    {
        let principal = try principal
        try principal.requireSeesValues(hidingAs: "set")
        let view = try await request.heirloom.liquidation.show(
            .set(try uuid(input.path.id, "set")), householdID: principal.householdID)
        return .ok(.init(body: .json(try .init(view))))
    }

    func makeSetLiquidationBrief(_ input: Operations.MakeSetLiquidationBrief.Input) async throws
        -> Operations.MakeSetLiquidationBrief.Output
    {
        var inputs: LiquidationInputs?
        if case .json(let body)? = input.body { inputs = try LiquidationInputs(body) }
        let view = try await request.heirloom.liquidation.makeBrief(
            .set(try uuid(input.path.id, "set")), inputs: inputs, by: try principal)
        return .created(.init(body: .json(try .init(view))))
    }

    func makeSetLiquidationPlan(_ input: Operations.MakeSetLiquidationPlan.Input) async throws
        -> Operations.MakeSetLiquidationPlan.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let view = try await request.heirloom.liquidation.makePlan(
            .set(try uuid(input.path.id, "set")), chosenPath: try LiquidationPath(body.chosenPath),
            by: try principal)
        return .created(.init(body: .json(try .init(view))))
    }

    func updateSetLiquidationStep(_ input: Operations.UpdateSetLiquidationStep.Input) async throws
        -> Operations.UpdateSetLiquidationStep.Output
    {
        guard case .json(let body) = input.body else { throw AppError.badRequest("Expected a JSON body.") }
        let view = try await request.heirloom.liquidation.updateStep(
            .set(try uuid(input.path.id, "set")), stepID: try uuid(input.path.stepId, "step"), done: body.done,
            note: body.note, by: try principal)
        return .ok(.init(body: .json(try .init(view))))
    }
}
