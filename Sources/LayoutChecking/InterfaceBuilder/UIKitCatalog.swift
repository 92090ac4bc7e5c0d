import LayoutKit

/// The UIKit classes Interface Builder creates: which element makes which class, each class's
/// superclass, and the outlets UIKit itself declares (so that a connection to `delegate` is known).
///
/// Written from UIKit's public headers for the elements Xcode writes into iOS nibs and storyboards. A
/// class missing here is not an error: a chain that reaches a class nobody knows ends the checks that
/// need it, rather than guessing.
enum UIKitCatalog {
    /// The class of an object that has no `customClass`, by element name.
    static func className(ofElement element: String) -> String? { elementClasses[element] }

    /// The superclass of a UIKit class, `nil` for `NSObject` or a class not in the catalog.
    static func superclass(of name: String) -> String? { superclasses[name] }

    /// Whether the catalog knows the class.
    static func contains(_ name: String) -> Bool { superclasses[name] != nil || name == "NSObject" }

    /// Every class the catalog knows, `NSObject` included, in a stable order.
    static var classNames: [String] { ["NSObject"] + superclasses.keys.sorted() }

    /// The action methods UIKit declares on exactly this class, by selector: `UIResponder`'s, which an
    /// object of any app class may also be sent (`becomeFirstResponder`, `copy:`).
    static func actions(of name: String) -> [String] { name == "UIResponder" ? responderSelectors : [] }

    private static let responderSelectors = [
        "becomeFirstResponder", "resignFirstResponder", "cut:", "copy:", "paste:", "select:", "selectAll:",
        "delete:", "toggleBoldface:", "toggleItalics:", "toggleUnderline:",
    ]

    /// The outlets UIKit declares on exactly this class (not its superclasses): name → type; `[T]` is an
    /// outlet collection of `T`.
    static func outlets(of name: String) -> [String: String] { outlets[name] ?? [:] }

    private static let elementClasses: [String: String] = [
        "view": "UIView", "label": "UILabel", "button": "UIButton", "imageView": "UIImageView",
        "stackView": "UIStackView", "tableView": "UITableView", "tableViewCell": "UITableViewCell",
        "tableViewCellContentView": "UIView", "collectionView": "UICollectionView",
        "collectionViewCell": "UICollectionViewCell", "collectionViewCellContentView": "UIView",
        "collectionReusableView": "UICollectionReusableView", "textField": "UITextField",
        "textView": "UITextView", "switch": "UISwitch", "scrollView": "UIScrollView",
        "viewController": "UIViewController", "tableViewController": "UITableViewController",
        "collectionViewController": "UICollectionViewController",
        "navigationController": "UINavigationController", "tabBarController": "UITabBarController",
        "pageViewController": "UIPageViewController", "splitViewController": "UISplitViewController",
        "navigationBar": "UINavigationBar", "navigationItem": "UINavigationItem", "tabBar": "UITabBar",
        "tabBarItem": "UITabBarItem", "toolbar": "UIToolbar", "barButtonItem": "UIBarButtonItem",
        "searchBar": "UISearchBar", "segmentedControl": "UISegmentedControl", "slider": "UISlider",
        "stepper": "UIStepper", "activityIndicatorView": "UIActivityIndicatorView",
        "pageControl": "UIPageControl", "progressView": "UIProgressView", "datePicker": "UIDatePicker",
        "pickerView": "UIPickerView", "webView": "UIWebView", "wkWebView": "WKWebView", "mapView": "MKMapView",
        "visualEffectView": "UIVisualEffectView", "containerView": "UIView",
        "tapGestureRecognizer": "UITapGestureRecognizer", "panGestureRecognizer": "UIPanGestureRecognizer",
        "swipeGestureRecognizer": "UISwipeGestureRecognizer",
        "pinchGestureRecognizer": "UIPinchGestureRecognizer",
        "longPressGestureRecognizer": "UILongPressGestureRecognizer",
        "layoutGuide": "UILayoutGuide", "viewLayoutGuide": "UILayoutGuide",
        "constraint": "NSLayoutConstraint", "window": "UIWindow", "refreshControl": "UIRefreshControl",
    ]

    private static let superclasses: [String: String] = [
        "UIResponder": "NSObject", "UIView": "UIResponder", "UIViewController": "UIResponder",
        "UIControl": "UIView", "UILabel": "UIView", "UIImageView": "UIView", "UIStackView": "UIView",
        "UIScrollView": "UIView", "UITableView": "UIScrollView", "UICollectionView": "UIScrollView",
        "UITextView": "UIScrollView", "UITableViewCell": "UIView", "UICollectionReusableView": "UIView",
        "UICollectionViewCell": "UICollectionReusableView", "UIButton": "UIControl",
        "UITextField": "UIControl", "UISwitch": "UIControl", "UISegmentedControl": "UIControl",
        "UISlider": "UIControl", "UIStepper": "UIControl", "UIPageControl": "UIControl",
        "UIDatePicker": "UIControl", "UIRefreshControl": "UIControl", "UIPickerView": "UIView",
        "UIProgressView": "UIView", "UIActivityIndicatorView": "UIView", "UIWebView": "UIView",
        "WKWebView": "UIView", "MKMapView": "UIView", "UIVisualEffectView": "UIView",
        "UINavigationBar": "UIView", "UITabBar": "UIView", "UIToolbar": "UIView", "UISearchBar": "UIView",
        "UIWindow": "UIView", "UITableViewController": "UIViewController",
        "UICollectionViewController": "UIViewController", "UINavigationController": "UIViewController",
        "UITabBarController": "UIViewController", "UIPageViewController": "UIViewController",
        "UISplitViewController": "UIViewController", "UINavigationItem": "NSObject",
        "UIBarItem": "NSObject", "UIBarButtonItem": "UIBarItem", "UITabBarItem": "UIBarItem",
        "UIGestureRecognizer": "NSObject", "UITapGestureRecognizer": "UIGestureRecognizer",
        "UIPanGestureRecognizer": "UIGestureRecognizer", "UISwipeGestureRecognizer": "UIGestureRecognizer",
        "UIPinchGestureRecognizer": "UIGestureRecognizer",
        "UILongPressGestureRecognizer": "UIGestureRecognizer", "UILayoutGuide": "NSObject",
        "NSLayoutConstraint": "NSObject",
    ]

    private static let outlets: [String: [String: String]] = [
        "UIViewController": ["view": "UIView", "searchDisplayController": "UISearchDisplayController"],
        "UITableViewController": ["tableView": "UITableView"],
        "UICollectionViewController": ["collectionView": "UICollectionView"],
        "UINavigationController": ["navigationBar": "UINavigationBar", "toolbar": "UIToolbar"],
        "UITabBarController": ["tabBar": "UITabBar", "delegate": "UITabBarControllerDelegate"],
        "UIPageViewController": [
            "dataSource": "UIPageViewControllerDataSource", "delegate": "UIPageViewControllerDelegate",
        ],
        "UISplitViewController": ["delegate": "UISplitViewControllerDelegate"],
        "UIScrollView": ["delegate": "UIScrollViewDelegate"],
        "UITableView": [
            "dataSource": "UITableViewDataSource", "delegate": "UITableViewDelegate",
            "prefetchDataSource": "UITableViewDataSourcePrefetching", "dragDelegate": "UITableViewDragDelegate",
            "dropDelegate": "UITableViewDropDelegate",
        ],
        "UICollectionView": [
            "dataSource": "UICollectionViewDataSource", "delegate": "UICollectionViewDelegate",
            "prefetchDataSource": "UICollectionViewDataSourcePrefetching",
            "dragDelegate": "UICollectionViewDragDelegate", "dropDelegate": "UICollectionViewDropDelegate",
        ],
        "UITableViewCell": [
            "contentView": "UIView", "backgroundView": "UIView", "selectedBackgroundView": "UIView",
            "multipleSelectionBackgroundView": "UIView", "accessoryView": "UIView",
            "editingAccessoryView": "UIView", "textLabel": "UILabel", "detailTextLabel": "UILabel",
            "imageView": "UIImageView",
        ],
        "UICollectionViewCell": [
            "contentView": "UIView", "backgroundView": "UIView", "selectedBackgroundView": "UIView",
        ],
        "UITextField": [
            "delegate": "UITextFieldDelegate", "inputView": "UIView", "inputAccessoryView": "UIView",
            "leftView": "UIView", "rightView": "UIView",
        ],
        "UITextView": ["delegate": "UITextViewDelegate", "inputView": "UIView", "inputAccessoryView": "UIView"],
        "UISearchBar": ["delegate": "UISearchBarDelegate", "inputAccessoryView": "UIView"],
        "UIPickerView": ["dataSource": "UIPickerViewDataSource", "delegate": "UIPickerViewDelegate"],
        "UIWebView": ["delegate": "UIWebViewDelegate"],
        "WKWebView": ["navigationDelegate": "WKNavigationDelegate", "UIDelegate": "WKUIDelegate"],
        "MKMapView": ["delegate": "MKMapViewDelegate"],
        "UINavigationBar": ["delegate": "UINavigationBarDelegate"],
        "UITabBar": ["delegate": "UITabBarDelegate"],
        "UIToolbar": ["delegate": "UIToolbarDelegate"],
        "UIVisualEffectView": ["contentView": "UIView"],
        "UIGestureRecognizer": ["delegate": "UIGestureRecognizerDelegate"],
        "UINavigationItem": [
            "titleView": "UIView", "leftBarButtonItem": "UIBarButtonItem",
            "rightBarButtonItem": "UIBarButtonItem", "backBarButtonItem": "UIBarButtonItem",
        ],
        "UIBarButtonItem": ["customView": "UIView"],
        "UIResponder": ["inputView": "UIView", "inputAccessoryView": "UIView"],
        // Xcode connects a gesture recognizer dropped on a view this way, on any view, the app's too.
        "UIView": ["gestureRecognizers": "[UIGestureRecognizer]"],
    ]
}
