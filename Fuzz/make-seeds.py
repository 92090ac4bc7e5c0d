#!/usr/bin/env python3
"""Writes the seeds of the property-list and Xcode project readers into the folder given: Info.plist files
in the binary, XML and text forms (an app's, a scene manifest's, an extension's, and a small binary one whose
arrays share their children), and project.pbxproj files in Xcode's shape (groups, a variant group, build
phases, dependencies, Xcode 16 synchronized folders with exception sets, build settings that refer to each
other). Generated here, from nothing but the formats, so that the fuzzer starts from real shapes."""
import os
import plistlib
import sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)


def write(name, data):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)


app = {
    "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
    "CFBundleName": "Shop",
    "UIMainStoryboardFile": "Main",
    "UIMainStoryboardFile~ipad": "Main-iPad",
    "UILaunchStoryboardName": "LaunchScreen",
    "UIApplicationSceneManifest": {
        "UIApplicationSupportsMultipleScenes": False,
        "UISceneConfigurations": {
            "UIWindowSceneSessionRoleApplication": [
                {
                    "UISceneConfigurationName": "Default Configuration",
                    "UISceneDelegateClassName": "$(PRODUCT_MODULE_NAME).SceneDelegate",
                    "UISceneStoryboardFile": "Main",
                }
            ]
        },
    },
    "UISupportedInterfaceOrientations": ["UIInterfaceOrientationPortrait", "UIInterfaceOrientationLandscapeLeft"],
    "CFBundleVersion": 42,
    "LSRequiresIPhoneOS": True,
    "Icon data": b"\x89PNG\r\n",
    "Caf\u00e9 & <more>": "Cr\u00e8me",
}
extension = {"NSExtension": {"NSExtensionMainStoryboard": "MainInterface",
                             "NSExtensionPointIdentifier": "com.apple.share-services"}}
mac = {"NSMainNibFile": "MainMenu", "NSPrincipalClass": "NSApplication"}

for name, value in [("app", app), ("extension", extension), ("mac", mac)]:
    write(f"{name}.xml.Info.plist", plistlib.dumps(value, fmt=plistlib.FMT_XML))
    write(f"{name}.binary.Info.plist", plistlib.dumps(value, fmt=plistlib.FMT_BINARY))

# Arrays that share their children: plistlib writes a list object reached twice once, so this is a DAG of
# 24 levels, two paths per level (a tree of 16 million leaves in a few hundred bytes).
level = {"UIMainStoryboardFile": "Shared"}
for _ in range(24):
    level = [level, level]
write("dag.binary.Info.plist", plistlib.dumps({"Levels": level}, fmt=plistlib.FMT_BINARY))

write("text.Info.plist", b"""{
    UIMainStoryboardFile = Main;
    UILaunchStoryboardName = "Launch Screen";
    UIApplicationSceneManifest = { UISceneConfigurations = ( { UISceneStoryboardFile = Scene; } ); };
    CFBundleIcons = <89504e47>;
}
""")


def project(targets=2, synchronized=True, dependency_repeats=1):
    ids = iter(range(0x1000, 0x10000))

    def new():
        return "A1B2C3D4E5F6%012X" % next(ids)

    objects = {}
    main_group, products_group = new(), new()
    root = new()
    group_children = []
    target_ids = []
    configurations_of = {}
    for t in range(targets):
        name = ["Shop", "ShopKit", "ShopExtension"][t % 3] + ("" if t < 3 else str(t))
        group = new()
        files, build_files = [], []
        for f in ["AppDelegate.swift", "Views/CartCell.swift", "Cart.xib"]:
            ref, build = new(), new()
            kind = "sourcecode.swift" if f.endswith(".swift") else "file.xib"
            objects[ref] = f'{{isa = PBXFileReference; lastKnownFileType = {kind}; path = "{f}"; sourceTree = "<group>"; }}'
            objects[build] = f"{{isa = PBXBuildFile; fileRef = {ref} /* {f} */; }}"
            files.append(ref)
            build_files.append((build, f))
        variant, base = new(), new()
        objects[base] = '{isa = PBXFileReference; lastKnownFileType = file.storyboard; name = Base; path = Base.lproj/Main.storyboard; sourceTree = "<group>"; }'
        objects[variant] = f'{{isa = PBXVariantGroup; children = ({base}, ); name = Main.storyboard; sourceTree = "<group>"; }}'
        variant_build = new()
        objects[variant_build] = f"{{isa = PBXBuildFile; fileRef = {variant}; }}"
        objects[group] = f'{{isa = PBXGroup; children = ({", ".join(files + [variant])}, ); path = {name}; sourceTree = "<group>"; }}'
        group_children.append(group)
        sources, resources = new(), new()
        swift = ", ".join(b for b, f in build_files if f.endswith(".swift"))
        other = ", ".join([b for b, f in build_files if not f.endswith(".swift")] + [variant_build])
        objects[sources] = f"{{isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = ({swift}, ); runOnlyForDeploymentPostprocessing = 0; }}"
        objects[resources] = f"{{isa = PBXResourcesBuildPhase; buildActionMask = 2147483647; files = ({other}, ); runOnlyForDeploymentPostprocessing = 0; }}"
        debug, release, clist = new(), new(), new()
        settings = (
            'INFOPLIST_FILE = "$(TARGET_NAME)/Info.plist"; PRODUCT_NAME = "$(TARGET_NAME)"; '
            'PRODUCT_MODULE_NAME = "$(PRODUCT_NAME:c99extidentifier)"; SDKROOT = iphoneos; '
            'PRODUCT_BUNDLE_IDENTIFIER = "com.example.$(PRODUCT_NAME:rfc1034identifier:lower)"; '
            "SUPPORTED_PLATFORMS = \"iphoneos iphonesimulator\"; INFOPLIST_KEY_UIMainStoryboardFile = Main; "
            "OTHER_SWIFT_FLAGS = (\"-D\", DEBUG, \"$(inherited)\");"
        )
        objects[debug] = f"{{isa = XCBuildConfiguration; buildSettings = {{{settings}}}; name = Debug; }}"
        objects[release] = f"{{isa = XCBuildConfiguration; buildSettings = {{{settings}}}; name = Release; }}"
        objects[clist] = f"{{isa = XCConfigurationList; buildConfigurations = ({debug}, {release}, ); defaultConfigurationIsVisible = 0; defaultConfigurationName = Release; }}"
        target = new()
        target_ids.append(target)
        synced = ""
        if synchronized:
            folder, exception = new(), new()
            objects[exception] = (
                "{isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = "
                f'(Info.plist, "/Localized/Views/Detail.storyboard", Shared/Model.swift, ); target = {target}; }}'
            )
            objects[folder] = f'{{isa = PBXFileSystemSynchronizedRootGroup; exceptions = ({exception}, ); path = {name}Sync; sourceTree = "<group>"; }}'
            group_children.append(folder)
            synced = f"fileSystemSynchronizedGroups = ({folder}, ); "
        objects[target] = (
            f"{{isa = PBXNativeTarget; buildConfigurationList = {clist}; buildPhases = ({sources}, {resources}, ); "
            f"dependencies = (DEPENDENCIES{t}); {synced}name = {name}; productName = {name}; "
            f'productType = "com.apple.product-type.{"application" if t == 0 else "framework"}"; }}'
        )
    for t, target in enumerate(target_ids):
        deps = []
        for other in target_ids[t + 1:]:
            proxy, dependency = new(), new()
            objects[proxy] = f"{{isa = PBXContainerItemProxy; containerPortal = {root}; proxyType = 1; remoteGlobalIDString = {other}; }}"
            objects[dependency] = f"{{isa = PBXTargetDependency; target = {other}; targetProxy = {proxy}; }}"
            deps += [dependency] * dependency_repeats
        objects[target] = objects[target].replace(f"DEPENDENCIES{t}", "".join(d + ", " for d in deps))
    objects[products_group] = '{isa = PBXGroup; children = (); name = Products; sourceTree = "<group>"; }'
    objects[main_group] = f'{{isa = PBXGroup; children = ({", ".join(group_children + [products_group])}, ); sourceTree = "<group>"; }}'
    pdebug, plist = new(), new()
    objects[pdebug] = '{isa = XCBuildConfiguration; buildSettings = {SWIFT_VERSION = 5.0; IPHONEOS_DEPLOYMENT_TARGET = 17.0; }; name = Release; }'
    objects[plist] = f"{{isa = XCConfigurationList; buildConfigurations = ({pdebug}, ); defaultConfigurationName = Release; }}"
    objects[root] = (
        f"{{isa = PBXProject; buildConfigurationList = {plist}; compatibilityVersion = \"Xcode 14.0\"; "
        f'mainGroup = {main_group}; productRefGroup = {products_group}; projectDirPath = ""; projectRoot = ""; '
        f'targets = ({", ".join(target_ids)}, ); }}'
    )
    body = "\n".join(f"\t\t{k} = {v};" for k, v in objects.items())
    return (
        "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 77;\n\tobjects = {\n"
        f"{body}\n\t}};\n\trootObject = {root} /* Project object */;\n}}\n"
    ).encode()


write("shop.project.pbxproj", project())
write("three-targets.project.pbxproj", project(targets=3))
write("groups-only.project.pbxproj", project(targets=1, synchronized=False))
write("repeated-dependency.project.pbxproj", project(targets=2, dependency_repeats=50))

# The hostile shapes of issue 38, small enough for a seed: a DAG of 60 levels (Foundation made it 2^60
# objects), a dependency listed 2,000 times, a target listed 200 times, a long group path under many build
# files, a build setting that names a long one 60 times at each of three levels.
if len(sys.argv) > 2 and sys.argv[2] == "--hostile":
    level = "Deep"
    for _ in range(60):
        level = [level, level]
    write("dag60.binary.Info.plist", plistlib.dumps({"UIMainStoryboardFile": level}, fmt=plistlib.FMT_BINARY))
    write("dependency-2000.project.pbxproj", project(targets=2, dependency_repeats=2000))
    text = project(targets=1).decode()
    first_target = text.split("targets = (")[1].split(",")[0]
    text = text.replace(f"targets = ({first_target}, );", "targets = (" + f"{first_target}, " * 200 + ");")
    write("target-200.project.pbxproj", text.encode())
    text = project(targets=1, synchronized=False).decode()
    text = text.replace("path = Shop;", 'path = "' + "long/" * 800 + 'Shop";')
    build = text.split("isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (")[1].split(",")[0]
    text = text.replace(
        f"files = ({build}, ", "files = (" + f"{build}, " * 5000, 1)
    write("long-group-path.project.pbxproj", text.encode())
    text = project(targets=1).decode()
    text = text.replace(
        'PRODUCT_NAME = "$(TARGET_NAME)";',
        'PRODUCT_NAME = "' + "$(B)" * 60 + '"; B = "' + "$(C)" * 60 + '"; C = "' + "x" * 4000 + '";')
    write("expansion.project.pbxproj", text.encode())
