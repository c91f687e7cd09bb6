import Foundation

/// How Heirloom advises on parting with things: the prompts for a model, the check of its answer against the
/// app's schema, and the rule-based advice given (and labelled as such) when no model is configured.
public enum LiquidationAdvice {
    public static let rulesProvider = "heirloom-rules"
    public static let rulesModel = "rules-v1"
    /// The note rule-based advice starts with, so nobody takes it for an expert's.
    public static let rulesLabel = "Rule-based advice from the hub (no AI provider is configured)."

    // MARK: Prompts

    public static let briefSystem = """
        You advise families who are downsizing or settling an estate on how to part with a household item or a set \
        of items. Answer with one JSON object in the requested schema and nothing else. recommendedPath and every \
        pathOptions[].path must be one of: \(LiquidationPath.allCases.map(\.rawValue).joined(separator: ", ")). \
        effort must be one of: \(LiquidationEffort.allCases.map(\.rawValue).joined(separator: ", ")). \
        Give netProceeds after fees in the request's currency, low ≤ likely ≤ high, never negative. Be realistic \
        and plain; list what you assumed and what details would change the advice.
        """

    public static let planSystem = """
        You write a practical step-by-step checklist for a family carrying out one way of parting with a household \
        item or set. Answer with one JSON object {"items":[{"order":1,"text":"..."}]} and nothing else: 10 to 16 \
        short, concrete steps in order, each one sentence.
        """

    /// The brief request as the model reads it (the photo, if any, is sent separately).
    public static func briefPrompt(_ request: LiquidationBriefRequest) -> String {
        var copy = request
        copy.photoJpegBase64 = nil
        let json = (try? TreasureChestJSON.encoder().encode(copy)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "Advise on this \(request.scope.rawValue):\n\(json)"
    }

    public static func planPrompt(_ request: LiquidationPlanRequest) -> String {
        """
        Write the checklist for "\(request.title)" (category: \(request.category), \(request.scope.rawValue)) \
        along the path \(request.chosenPath.rawValue) (\(request.chosenPath.label)). The advice given earlier: \
        \(request.brief.reasoning) First steps suggested: \(request.brief.actionSteps.joined(separator: "; "))
        """
    }

    public static let briefSchemaJSON = """
        {"type":"object","additionalProperties":false,\
        "required":["recommendedPath","reasoning","pathOptions","actionSteps","missingDetails","assumptions","confidence"],\
        "properties":{"recommendedPath":{"type":"string","enum":[\(quoted(LiquidationPath.allCases.map(\.rawValue)))]},\
        "reasoning":{"type":"string"},\
        "pathOptions":{"type":"array","items":{"type":"object","additionalProperties":false,\
        "required":["path","label","netProceeds","effort","timeEstimate","risks","logisticsNotes"],\
        "properties":{"path":{"type":"string","enum":[\(quoted(LiquidationPath.allCases.map(\.rawValue)))]},\
        "label":{"type":"string"},\
        "netProceeds":{"type":["object","null"],"additionalProperties":false,\
        "required":["currencyCode","low","likely","high"],\
        "properties":{"currencyCode":{"type":"string"},"low":{"type":["number","null"]},\
        "likely":{"type":["number","null"]},"high":{"type":["number","null"]}}},\
        "effort":{"type":"string","enum":[\(quoted(LiquidationEffort.allCases.map(\.rawValue)))]},\
        "timeEstimate":{"type":["string","null"]},"risks":{"type":"array","items":{"type":"string"}},\
        "logisticsNotes":{"type":["string","null"]}}}},\
        "actionSteps":{"type":"array","items":{"type":"string"}},\
        "missingDetails":{"type":"array","items":{"type":"string"}},\
        "assumptions":{"type":"array","items":{"type":"string"}},\
        "confidence":{"type":"number"}}}
        """

    public static let planSchemaJSON = """
        {"type":"object","additionalProperties":false,"required":["items"],\
        "properties":{"items":{"type":"array","items":{"type":"object","additionalProperties":false,\
        "required":["order","text"],"properties":{"order":{"type":"integer"},"text":{"type":"string"}}}}}}
        """

    private static func quoted(_ values: [String]) -> String {
        values.map { "\"\($0)\"" }.joined(separator: ",")
    }

    // MARK: Checking a model's answer

    /// Reads a model's brief, mending the usual slips (aliases, missing ids and labels, lists given as null)
    /// and refusing anything the app could not decode.
    public static func brief(
        fromReply text: String, request: LiquidationBriefRequest, provider: String, model: String, now: Date
    ) throws(AnalysisCheck.Problem) -> LiquidationBrief {
        guard var object = jsonObject(text) else { throw AnalysisCheck.Problem(["The reply held no JSON object."]) }
        var reasons: [String] = []
        object["schemaVersion"] = request.schemaVersion
        object["scope"] = request.scope.rawValue
        object["generatedAt"] = TreasureChestJSON.timestamp(now)
        object["aiProvider"] = provider
        object["aiModel"] = model
        object.removeValue(forKey: "inputs")
        if let raw = object["recommendedPath"] as? String { object["recommendedPath"] = pathAlias(raw) ?? raw }
        for key in ["actionSteps", "missingDetails", "assumptions"] { object[key] = strings(object[key]) }
        var options: [[String: Any]] = []
        for case var option as [String: Any] in (object["pathOptions"] as? [Any]) ?? [] {
            let rawPath = (option["path"] as? String).map { pathAlias($0) ?? $0 }
            option["path"] = rawPath
            if (option["id"] as? String).flatMap(UUID.init(uuidString:)) == nil { option["id"] = UUID().text }
            if ((option["label"] as? String) ?? "").trimmingWhitespace().isEmpty {
                option["label"] = rawPath.flatMap(LiquidationPath.init(rawValue:))?.label
            }
            if let effort = option["effort"] as? String { option["effort"] = effortAlias(effort) ?? effort }
            option["risks"] = strings(option["risks"])
            if option["netProceeds"] is NSNull { option.removeValue(forKey: "netProceeds") }
            if var money = option["netProceeds"] as? [String: Any] {
                if money["currencyCode"] == nil || money["currencyCode"] is NSNull {
                    money["currencyCode"] = request.currencyCode ?? "USD"
                }
                for key in ["low", "likely", "high"] where money[key] is NSNull { money.removeValue(forKey: key) }
                option["netProceeds"] = money
            }
            for key in ["timeEstimate", "logisticsNotes"] where option[key] is NSNull {
                option.removeValue(forKey: key)
            }
            options.append(option)
        }
        object["pathOptions"] = options
        if object["confidence"] is NSNull { object.removeValue(forKey: "confidence") }
        var brief: LiquidationBrief
        do {
            let data = try JSONSerialization.data(withJSONObject: object)
            brief = try TreasureChestJSON.decoder().decode(LiquidationBrief.self, from: data)
        } catch {
            throw AnalysisCheck.Problem([
                "The reply did not follow the schema: recommendedPath, pathOptions[].path and effort must use the "
                    + "listed values, and reasoning and the lists must be present."
            ])
        }
        if brief.reasoning.trimmingWhitespace().isEmpty { reasons.append("reasoning is missing.") }
        if brief.actionSteps.isEmpty { reasons.append("actionSteps is empty.") }
        if let confidence = brief.confidence, !(0...1).contains(confidence) {
            reasons.append("confidence must be between 0 and 1.")
        }
        for option in brief.pathOptions {
            if let money = option.netProceeds {
                let values = [money.low, money.likely, money.high].compactMap { $0 }
                if values.contains(where: { $0 < 0 || !$0.isFinite }) {
                    reasons.append("netProceeds must not be negative.")
                }
                if let low = money.low, let high = money.high, low > high {
                    reasons.append("netProceeds.low is greater than netProceeds.high.")
                }
                if CurrencyCode(money.currencyCode.uppercased()) == nil {
                    reasons.append("netProceeds.currencyCode \"\(money.currencyCode.prefix(10))\" is not ISO 4217.")
                }
            }
        }
        guard reasons.isEmpty else { throw AnalysisCheck.Problem(reasons) }
        brief.inputs = request.inputs
        return brief
    }

    /// Reads a model's checklist: steps with text, numbered in order.
    public static func plan(fromReply text: String, request: LiquidationPlanRequest, now: Date)
        throws(AnalysisCheck.Problem) -> LiquidationPlan
    {
        guard let object = jsonObject(text) else { throw AnalysisCheck.Problem(["The reply held no JSON object."]) }
        let rawItems = (object["items"] as? [Any]) ?? (object["steps"] as? [Any]) ?? []
        var texts: [String] = []
        for raw in rawItems {
            if let text = raw as? String {
                texts.append(text)
            } else if let step = raw as? [String: Any],
                let text = (step["text"] ?? step["description"] ?? step["stepText"]) as? String
            {
                texts.append(text)
            }
        }
        texts = texts.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        guard !texts.isEmpty else { throw AnalysisCheck.Problem(["items is missing or has no step with text."]) }
        return LiquidationPlan(
            schemaVersion: request.schemaVersion, createdAt: now,
            items: texts.prefix(30).enumerated().map {
                LiquidationChecklistItem(order: $0.offset + 1, text: $0.element)
            }
        )
    }

    static func jsonObject(_ text: String) -> [String: Any]? {
        guard let json = AnalysisCheck.jsonObject(in: text), let data = json.data(using: .utf8),
            var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return nil }
        // A model that wraps the answer in one key ({"brief": {...}}) is unwrapped.
        if object.count == 1, let inner = object.values.first as? [String: Any] { object = inner }
        return object
    }

    static func strings(_ raw: Any?) -> [String] {
        ((raw as? [Any]) ?? []).compactMap { element in
            if let text = element as? String { return text }
            if let step = element as? [String: Any] {
                return (step["description"] ?? step["text"] ?? step["stepText"]) as? String
            }
            return nil
        }
    }

    /// The path a model meant by a near miss ("maximize_value", "donation", "quickExit").
    static func pathAlias(_ raw: String) -> String? {
        let key = raw.lowercased().filter { $0.isLetter }
        if let exact = LiquidationPath.allCases.first(where: { $0.rawValue.lowercased() == raw.lowercased() }) {
            return exact.rawValue
        }
        switch key {
        case "maximizevalue", "maximizeprice", "pathamaximizeprice", "patha", "a": return "pathA_maximizePrice"
        case "minimizeeffort", "delegateconsign", "pathbdelegateconsign", "consign", "pathb", "b":
            return "pathB_delegateConsign"
        case "fastestexit", "quickexit", "pathcquickexit", "pathc", "c": return "pathC_quickExit"
        case "donation", "donate", "discard": return "donate"
        case "needsinfo", "needsmoreinfo", "moreinfo": return "needsInfo"
        default: return nil
        }
    }

    static func effortAlias(_ raw: String) -> String? {
        switch raw.lowercased().filter({ $0.isLetter }) {
        case "low": "low"
        case "medium", "med", "moderate": "medium"
        case "high": "high"
        case "veryhigh", "vh": "veryHigh"
        default: nil
        }
    }

    // MARK: Rule-based advice

    /// What the item or set is probably worth in all, from the request's figures; nil when they multiply or add up
    /// beyond what a number holds (the brief could not be written as JSON with an infinite worth).
    public static func estimatedValue(_ request: LiquidationBriefRequest) -> Double? {
        guard let value = multipliedValue(request), value.isFinite else { return nil }
        return value
    }

    private static func multipliedValue(_ request: LiquidationBriefRequest) -> Double? {
        if let likely = request.valuationLikely { return likely * Double(max(1, request.quantity ?? 1)) }
        if let low = request.valuationLow, let high = request.valuationHigh {
            return (low + high) / 2 * Double(max(1, request.quantity ?? 1))
        }
        if let unit = request.unitValue { return unit * Double(max(1, request.quantity ?? 1)) }
        let members = request.setContext?.memberSummaries ?? []
        let total = members.reduce(0.0) { $0 + ($1.unitValue ?? 0) * Double(max(1, $1.quantity ?? 1)) }
        return total > 0 ? total : nil
    }

    /// Advice from simple rules: the value, whether it is bulky, and the family's goal.
    public static func rulesBrief(_ request: LiquidationBriefRequest, now: Date) -> LiquidationBrief {
        let currency = (request.currencyCode ?? "USD").uppercased()
        let value = estimatedValue(request)
        let goal = request.inputs?.goal ?? .balanced
        let category = (request.category ?? request.setContext?.setType ?? "").lowercased()
        let bulky = ["furniture", "appliance", "rug", "dining", "bedroom", "suite"].contains { category.contains($0) }
        let recommended: LiquidationPath
        var reason: String
        switch value {
        case nil:
            recommended = .needsInfo
            reason = "There is no value estimate yet, so the best next step is to find out what it is worth."
        case let value? where value < 50:
            recommended = goal == .maximizeValue ? .quickExit : .donate
            reason = "At under \(currency) 50 it is rarely worth the effort of selling; giving it away is quickest."
        case let value? where value < 500:
            recommended = goal == .maximizeValue ? .maximizePrice : .quickExit
            reason = "A modest value: a quick local sale usually beats the time a careful sale takes."
        case let value? where value < 2000:
            recommended =
                goal == .fastestExit
                ? .quickExit
                : goal == .maximizeValue
                    ? .maximizePrice
                    : .delegateConsign
            reason = "Worth enough that a consignment shop or dealer can earn its fee, with little work for you."
        default:
            recommended =
                goal == .fastestExit
                ? .delegateConsign
                : goal == .minimizeEffort
                    ? .delegateConsign : .maximizePrice
            reason = "A valuable piece: an appraisal and a specialist auction or dealer protect its price."
        }
        if bulky { reason += " It is bulky, so local pickup matters more than shipping." }
        func money(_ low: Double, _ likely: Double, _ high: Double) -> MoneyRange? {
            guard let value else { return nil }
            return MoneyRange(
                currencyCode: currency, low: (value * low).rounded(), likely: (value * likely).rounded(),
                high: (value * high).rounded())
        }
        let options = [
            LiquidationPathOption(
                path: .maximizePrice, netProceeds: money(0.7, 0.85, 1.0), effort: .high,
                timeEstimate: "2–8 weeks",
                risks: ["Listings take time and may not sell", "Meeting buyers and handling payment"],
                logisticsNotes: bulky ? "Buyers collect; arrange help to move it." : "Can be shipped if well packed."),
            LiquidationPathOption(
                path: .delegateConsign, netProceeds: money(0.4, 0.55, 0.7), effort: .medium,
                timeEstimate: "1–3 months", risks: ["Consignment fees of 30–60%", "Unsold items may come back"],
                logisticsNotes: "Ask the shop whether they collect."),
            LiquidationPathOption(
                path: .quickExit, netProceeds: money(0.2, 0.35, 0.5), effort: .low,
                timeEstimate: "1–2 weeks", risks: ["Lower price than a careful sale"],
                logisticsNotes: bulky ? "Local pickup only." : nil),
            LiquidationPathOption(
                path: .donate, effort: .low, timeEstimate: "Days", risks: ["No money back (a tax receipt at most)"],
                logisticsNotes: "Many charities collect larger items."),
        ]
        var missing: [String] = []
        if value == nil { missing.append("A value estimate (an appraisal of the item)") }
        if (request.description ?? "").trimmingWhitespace().isEmpty {
            missing.append("A description and its condition")
        }
        if request.inputs?.constraints?.deadline == nil { missing.append("When it needs to be gone by") }
        return LiquidationBrief(
            schemaVersion: request.schemaVersion, scope: request.scope, generatedAt: now, aiProvider: rulesProvider,
            aiModel: rulesModel, recommendedPath: recommended, reasoning: "\(rulesLabel) \(reason)",
            pathOptions: options, actionSteps: steps(for: recommended).prefix(4).map { $0 }, missingDetails: missing,
            assumptions: [
                "Proceeds are rough shares of the estimated value, not quotes.",
                "Goal: \(goal.rawValue).",
            ],
            confidence: value == nil ? 0.2 : 0.4, inputs: request.inputs)
    }

    /// A checklist from simple rules for the chosen path.
    public static func rulesPlan(_ request: LiquidationPlanRequest, now: Date) -> LiquidationPlan {
        let texts = ["\(rulesLabel) Checklist for “\(request.title)”."] + steps(for: request.chosenPath)
        return LiquidationPlan(
            schemaVersion: request.schemaVersion, createdAt: now,
            items: texts.enumerated().map { LiquidationChecklistItem(order: $0.offset + 1, text: $0.element) })
    }

    static func steps(for path: LiquidationPath) -> [String] {
        let common = [
            "Take clear photos from every side, including marks, labels and any damage.",
            "Write down what you know: maker, age, where it came from, and its condition.",
        ]
        switch path {
        case .maximizePrice:
            return common + [
                "Look up sold prices for similar pieces to set a realistic asking price.",
                "Get a written appraisal if it may be worth more than a few hundred.",
                "Clean it gently; do not repair or refinish before asking a specialist.",
                "List it where collectors of this kind of item look, with the photos and details.",
                "Answer questions promptly and agree on payment before handing it over.",
                "Meet buyers in daylight with someone else present, or ship it well packed and insured.",
                "Keep a record of the sale and the price for the estate's accounts.",
            ]
        case .delegateConsign:
            return common + [
                "Find two or three consignment shops, dealers or auction houses that handle this kind of item.",
                "Ask each about their fees, how long they keep items and what happens if it does not sell.",
                "Choose one and get a signed consignment agreement listing the item and the minimum price.",
                "Arrange delivery or their pickup; keep a receipt.",
                "Check in every few weeks and collect the payment when it sells.",
                "Keep the paperwork with the estate's records.",
            ]
        case .quickExit:
            return common + [
                "Set a fair price a little below similar local listings so it sells quickly.",
                "Post it on a local marketplace or include it in a garage or estate sale.",
                "Agree a pickup time; ask buyers to bring help for heavy pieces.",
                "Accept cash or an instant payment before it leaves the house.",
                "Lower the price after a week if nobody has asked.",
            ]
        case .donate:
            return common + [
                "Choose a charity that accepts this kind of item and check it is in usable condition.",
                "Ask whether they collect, or take it to their drop-off point.",
                "Ask for a receipt listing the item for tax records.",
                "Recycle or discard safely anything they cannot accept.",
            ]
        case .needsInfo:
            return common + [
                "Run an appraisal of the item to get a value range.",
                "Look for a maker's mark, signature or hallmark and note it.",
                "Ask family whether anyone wants it before deciding how to part with it.",
                "Ask for advice again once the details are known.",
            ]
        }
    }
}
