import Foundation

/// The sections of the estate binder, in the order an executor reads them.
public enum BinderSection: String, Codable, CaseIterable, Sendable {
    case legal, money, insurance, home, vehicles, digital, health, funeral, people, pets, other

    /// The section's heading.
    public var title: String {
        switch self {
        case .legal: "Will and legal papers"
        case .money: "Money"
        case .insurance: "Insurance"
        case .home: "Home and property"
        case .vehicles: "Vehicles"
        case .digital: "Digital life"
        case .health: "Health and care"
        case .funeral: "Funeral and final wishes"
        case .people: "People to tell"
        case .pets: "Pets"
        case .other: "Other"
        }
    }

    /// One line under the heading: what belongs here.
    public var hint: String {
        switch self {
        case .legal: "The will, power of attorney, deeds of trust: what they are and where the originals are kept."
        case .money: "Banks, pensions, investments and debts."
        case .insurance: "Life, home, car and health policies."
        case .home: "The house, its deeds and mortgage, and anything else owned or rented."
        case .vehicles: "Cars and other vehicles, their papers and keys."
        case .digital:
            "Email, phone, social accounts and the password manager: where and how to reach them. Never write a password here."
        case .health: "Doctors, medicines, care wishes."
        case .funeral: "What you would like, and what is already arranged."
        case .people: "Who should be told, and how to reach them."
        case .pets: "Who looks after them, and what they need."
        case .other: "Anything else the family should know."
        }
    }

    /// The structured fields that fit the section, in the order the form shows them.
    public var fields: [BinderField] {
        switch self {
        case .legal: [.institution, .reference, .contactName, .contactPhone, .originalKeptAt]
        case .money: [.institution, .accountNumber, .contactName, .contactPhone, .originalKeptAt]
        case .insurance: [.institution, .policyNumber, .contactName, .contactPhone, .originalKeptAt]
        case .home: [.address, .reference, .contactName, .contactPhone, .originalKeptAt]
        case .vehicles: [.registration, .contactName, .contactPhone, .originalKeptAt]
        case .digital: [.service, .account, .howToReach]
        case .health: [.institution, .contactName, .contactPhone, .originalKeptAt]
        case .funeral: [.contactName, .contactPhone, .originalKeptAt]
        case .people: [.contactName, .contactPhone, .contactEmail, .relationship]
        case .pets: [.contactName, .contactPhone]
        case .other: [.reference, .contactName, .contactPhone, .originalKeptAt]
        }
    }
}

/// A structured field of a binder entry.
public enum BinderField: String, Codable, CaseIterable, Sendable {
    case institution, accountNumber, policyNumber, reference, registration, contactName, contactPhone, contactEmail
    case relationship, address, originalKeptAt, service, account, howToReach

    /// The field's label on the form and the page.
    public var label: String {
        switch self {
        case .institution: "Bank, company or office"
        case .accountNumber: "Account number"
        case .policyNumber: "Policy number"
        case .reference: "Reference number"
        case .registration: "Registration number"
        case .contactName: "Contact person"
        case .contactPhone: "Their phone"
        case .contactEmail: "Their email"
        case .relationship: "Who they are"
        case .address: "Address"
        case .originalKeptAt: "Where the paper original is kept"
        case .service: "Service"
        case .account: "Account or user name"
        case .howToReach: "How to reach it"
        }
    }

    /// Numbers that identify an account: shown with all but their last four characters hidden, on every page,
    /// email and printout.
    public var isMasked: Bool {
        switch self {
        case .accountNumber, .policyNumber, .reference, .registration: true
        default: false
        }
    }

    /// The most characters the field holds.
    public var maximumLength: Int {
        switch self {
        case .address, .originalKeptAt, .howToReach: 500
        default: 200
        }
    }
}
