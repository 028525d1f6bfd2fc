use crate::legacy::load;
use crate::loading::Strictness;

pub struct Builder(pub Strictness);

impl Builder {
    pub fn run(self) {
        load(self.0);
    }
}
