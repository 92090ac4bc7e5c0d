#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value behind a lock: the one lock type of LayoutKit, LayoutTesting and `layout-check`.
///
/// Why not `Synchronization.Mutex`: it needs macOS 15 and iOS 18, so it alone would set the platform floor
/// of every app that links LayoutKit; and on Linux it waits through an uninstrumented slow path that
/// ThreadSanitizer cannot see, so its users needed suppressions. This type wraps a POSIX `pthread_mutex_t`, which
/// every OS LayoutKit supports has and ThreadSanitizer understands.
///
/// Why `@unchecked Sendable` is sound here, and the one place in the package it is allowed: the value is only
/// reached inside `withLock(_:)`, between taking and releasing the lock, so no two threads touch it at once;
/// `Value` is `Sendable`, so nothing the body hands out of the lock is shared state in disguise; the lock
/// itself lives at a fixed heap address for the object's lifetime, as a pthread mutex requires, and is
/// never copied.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    /// Runs `body` with the value while holding the lock, and returns what `body` returns. `body` must not
    /// call `withLock` on the same object: the lock is not recursive.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return try body(&value)
    }
}
