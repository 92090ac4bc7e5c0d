#import <UIKit/UIKit.h>

@interface MLLegacyCell : UITableViewCell
@property (nonatomic, weak) IBOutlet UILabel *title;
@property (nonatomic, weak) IBOutlet UIButton *openButton;
@end

@interface MLLegacyController : NSObject
@property (nonatomic, strong) IBOutlet MLLegacyCell *cell;
- (IBAction)open:(id)sender;
@end
