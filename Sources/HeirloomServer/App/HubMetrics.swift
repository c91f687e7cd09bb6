import Fluent
import Foundation
import NIOConcurrencyHelpers
import Prometheus

/// The figures an operator watches, in Prometheus's text format: requests by route and status with their
/// durations, requests in flight, media work running and waiting, batch analyses, the database.
///
/// One registry per application (not the process-wide MetricsSystem), so that each test hub counts its own.
final class HubMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    let requestsInFlight = InFlightRequests()

    private static let durationBuckets: [Duration] = [
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10), .seconds(30),
    ]

    private struct RouteKey: Hashable {
        var method: String
        var route: String
    }
    private struct StatusKey: Hashable {
        var route: RouteKey
        var status: Int
    }
    /// The counters and histograms already made, so that a request finds its own with one dictionary lookup
    /// (the registry checks and builds names and labels on every call).
    private let made = NIOLockedValueBox((counters: [StatusKey: Counter](), durations: [RouteKey: DurationHistogram]()))

    /// Counts one answered request under its route pattern (never its raw path).
    func recordRequest(method: String, route: String, status: Int, duration: Duration) {
        let routeKey = RouteKey(method: method, route: route)
        let statusKey = StatusKey(route: routeKey, status: status)
        let (counter, histogram) = made.withLockedValue { made in (made.counters[statusKey], made.durations[routeKey]) }
        (counter ?? makeCounter(statusKey)).increment()
        (histogram ?? makeDurationHistogram(routeKey)).record(duration)
    }

    private func makeCounter(_ key: StatusKey) -> Counter {
        let counter = registry.makeCounter(
            descriptor: Self.requestsTotal,
            labels: [("method", key.route.method), ("route", key.route.route), ("status", String(key.status))])
        made.withLockedValue { $0.counters[key] = counter }
        return counter
    }

    private func makeDurationHistogram(_ key: RouteKey) -> DurationHistogram {
        let histogram = registry.makeDurationHistogram(
            descriptor: Self.requestDuration, labels: [("method", key.method), ("route", key.route)],
            buckets: Self.durationBuckets)
        made.withLockedValue { $0.durations[key] = histogram }
        return histogram
    }

    /// Reads the gauges afresh and renders everything.
    func render(media: MediaPipeline, batchRunner: AppraisalBatchRunner, db: any Database, poolSize: Int) async
        -> String
    {
        gauge("http_requests", "in_flight", "Requests being answered.").set(to: Double(requestsInFlight.count))
        let tools: [(String, AsyncSemaphore)] = [
            ("image", media.images.limiter), ("audio_video", media.audioVideo.limiter), ("pdf", media.pdfs.limiter),
        ]
        for (tool, limiter) in tools {
            let usage = limiter.usage
            gauge("media_jobs", "running", "Media conversions running.", tool: tool).set(to: Double(usage.holding))
            gauge("media_jobs", "queued", "Media conversions waiting for a free place.", tool: tool)
                .set(to: Double(usage.waiting))
        }
        gauge("batch_analyses", "running", "Batches whose photos are being analysed.")
            .set(to: Double(await batchRunner.runningCount))
        let pending = try? await AppraisalBatchEntry.query(on: db).filter(\.$state == .pending).count()
        gauge("batch_photos", "queued", "Batch photos waiting for analysis.").set(to: Double(pending ?? 0))
        gauge("database_pool", "max_connections", "Connections the database pool may open.").set(to: Double(poolSize))
        let started = ContinuousClock.now
        let answered = (try? await db.query(AppraisalBatchEntry.self).limit(1).count()) != nil
        gauge("database", "up", "Whether the database answered a query just now.").set(to: answered ? 1.0 : 0.0)
        let took = (ContinuousClock.now - started).components
        gauge("database_query", "seconds", "How long that query took.")
            .set(to: Double(took.seconds) + Double(took.attoseconds) / 1e18)
        return registry.emitToString()
    }

    private func gauge(_ name: String, _ unit: String, _ help: String, tool: String? = nil) -> Gauge {
        let descriptor = MetricNameDescriptor(namespace: "heirloom", metricName: name, unitName: unit, helpText: help)
        return registry.makeGauge(descriptor: descriptor, labels: tool.map { [("tool", $0)] } ?? [])
    }

    private static var requestsTotal: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "heirloom", subsystem: "http", metricName: "requests", unitName: "total",
            helpText: "Requests answered, by method, route pattern and status.")
    }
    private static var requestDuration: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "heirloom", subsystem: "http", metricName: "request_duration", unitName: "seconds",
            helpText: "How long requests took to answer, by method and route pattern.")
    }
}
