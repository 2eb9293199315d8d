import Foundation

extension ElaroAnalyticsEvent {
    private enum CodingKeys: String, CodingKey {
        case id, name, payload, timestamp, uploaded
    }

    private enum PayloadKeys: String, CodingKey {
        case focusId, templateIds, templateId, variant, difficulty, decision, count
    }

    /// Reads `{ id, name, payload, timestamp, uploaded }`, the payload's shape chosen by `name`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        timestamp = try container.decode(Date.self, forKey: .timestamp)
        uploaded = try container.decode(Bool.self, forKey: .uploaded)
        let name = try container.decode(Name.self, forKey: .name)
        let values = try container.nestedContainer(keyedBy: PayloadKeys.self, forKey: .payload)
        switch name {
        case .focusActivate: payload = .focusActivate(focusId: try values.decode(FocusArea.Name.self, forKey: .focusId))
        case .todayShown: payload = .todayShown(templateIds: try values.decode([String].self, forKey: .templateIds))
        case .todayPick: payload = .todayPick(templateId: try values.decode(String.self, forKey: .templateId),
                                              variant: try values.decode(VariantDuration.self, forKey: .variant))
        case .todayComplete: payload = .todayComplete(templateId: try values.decode(String.self, forKey: .templateId))
        case .todaySnooze: payload = .todaySnooze(templateId: try values.decode(String.self, forKey: .templateId))
        case .todaySkip: payload = .todaySkip(templateId: try values.decode(String.self, forKey: .templateId))
        case .todayReflect: payload = .todayReflect(difficulty: try values.decode(ActionInstance.FeltDifficulty.self, forKey: .difficulty))
        case .weekChoice: payload = .weekChoice(decision: try values.decode(WeeklySummary.Tweak.self, forKey: .decision))
        case .monthAcceptBlocks: payload = .monthAcceptBlocks(count: try values.decode(Int.self, forKey: .count))
        }
    }

    /// Writes `{ id, name, payload, timestamp, uploaded }` with the payload's own keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(timestamp, forKey: .timestamp)
        try container.encode(uploaded, forKey: .uploaded)
        var values = container.nestedContainer(keyedBy: PayloadKeys.self, forKey: .payload)
        switch payload {
        case .focusActivate(let focusId): try values.encode(focusId, forKey: .focusId)
        case .todayShown(let ids): try values.encode(ids, forKey: .templateIds)
        case .todayPick(let templateId, let variant):
            try values.encode(templateId, forKey: .templateId)
            try values.encode(variant, forKey: .variant)
        case .todayComplete(let templateId), .todaySnooze(let templateId), .todaySkip(let templateId):
            try values.encode(templateId, forKey: .templateId)
        case .todayReflect(let difficulty): try values.encode(difficulty, forKey: .difficulty)
        case .weekChoice(let decision): try values.encode(decision, forKey: .decision)
        case .monthAcceptBlocks(let count): try values.encode(count, forKey: .count)
        }
    }
}
